// Renders a component the way the suite does (theme, i18n, notifications) plus a router, so
// component tests can query by role and label as a user would.
import { type RenderOptions, render as rtlRender } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../src/ui/AppProviders';
import { matchMediaAnswering } from './matchMedia';

function TestProviders({ route, children }: { route: string; children: ReactNode }) {
  return (
    <AppProviders>
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
