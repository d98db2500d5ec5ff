import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core';

/**
 * The system's fonts, then Noto Sans Devanagari, fetched only once Hindi or Marathi is chosen
 * (ADR 0025): listed before the generic family, it draws the Devanagari letters the system fonts
 * lack (a cheap phone's, or a server's).
 */
const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, "Noto Sans Devanagari", sans-serif';

/** One theme for the shell and every remote (also when a remote runs standalone). */
export const theme = createTheme({
  primaryColor: 'helpdesk',
  colors: {
    helpdesk: [
      '#e8f1fa',
      '#cfdff0',
      '#9ebde2',
      '#6a99d4',
      '#437bc8',
      '#2a68c1',
      '#1c5ebf',
      '#0e4ea9',
      '#034598',
      '#003b86',
    ],
  },
  fontFamily: FONT_FAMILY,
  // Mantine's headings have a font stack of their own: the same one, so Devanagari headings draw.
  headings: { fontFamily: FONT_FAMILY },
  defaultRadius: 'md',
});

/**
 * The light scheme's secondary text colours, darker than Mantine's defaults so that every text
 * reaches WCAG AA (4.5:1) on white: Mantine's dimmed (gray 6) is 3.3:1, its error red (red 6) 3.2:1
 * and its placeholder (gray 5) 2:1. Set here once instead of in each remote.
 */
export const ACCESSIBLE_LIGHT_TEXT = {
  dimmed: DEFAULT_THEME.colors.gray[7],
  error: DEFAULT_THEME.colors.red[9],
  placeholder: DEFAULT_THEME.colors.gray[7],
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': ACCESSIBLE_LIGHT_TEXT.dimmed,
    '--mantine-color-error': ACCESSIBLE_LIGHT_TEXT.error,
    '--mantine-color-placeholder': ACCESSIBLE_LIGHT_TEXT.placeholder,
  },
  dark: {},
});
