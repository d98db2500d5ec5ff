import { createTheme } from '@mantine/core';

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
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});
