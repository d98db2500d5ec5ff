// Renders a component the way the suite does (theme, i18n, notifications) plus a router, so
// component tests can query by role and label as a user would.
import { createTheme, Popover } from '@mantine/core';
import { type RenderOptions, render as rtlRender } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../src/ui/AppProviders';
import { theme } from '../src/ui/theme';
import { matchMediaAnswering } from './matchMedia';

/**
 * The suite's theme, except that a dropdown (Menu, Select, Popover) is never hidden as "detached":
 * jsdom lays nothing out, so floating-ui's hide middleware finds every target invisible and, once
 * its asynchronous measurement lands, sets the open dropdown to display: none. On a fast run the
 * test had already clicked the item; on a loaded one `findByRole('menuitem')` found nothing.
 */
const testTheme = createTheme({
  ...theme,
  components: { ...theme.components, Popover: Popover.extend({ defaultProps: { hideDetached: false } }) },
});

function TestProviders({ route, children }: { route: string; children: ReactNode }) {
  return (
    <AppProviders themeOverride={testTheme}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </AppProviders>
  );
}

export function render(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  return rtlRender(<TestProviders route={route}>{ui}</TestProviders>, options);
}

export * from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';

/**
 * Makes every media query match (a narrow screen: the mobile layouts under 768 px, the closing
 * sidebar under 992 px) or none (a desktop). Returns the function that restores the original.
 */
export function setScreen(narrow: boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = matchMediaAnswering(narrow);
  return () => {
    window.matchMedia = original;
  };
}
