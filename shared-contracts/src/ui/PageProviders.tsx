import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/queryClient';
import { i18n } from '../i18n';
import { cssVariablesResolver, theme } from './theme';

/** Where the page's toasts appear and how many at once (the one outlet of a page). */
export const TOAST_OUTLET = { position: 'top-right', limit: 3 } as const;

/**
 * The providers of a page around its toast outlet, which the caller gives: `AppProviders` renders
 * Mantine's outlet at once; the public bundle a deferred one (ADR 0076), so that its weight is not
 * on the public form's first visit. The query cache is the page's one `queryClient` (ADR 0012).
 */
export function PageProviders({
  children,
  toasts,
  themeOverride = theme,
}: {
  children: ReactNode;
  toasts: ReactNode;
  /** Only the component tests' render sets it (shared-contracts/testing/render.tsx). */
  themeOverride?: MantineThemeOverride;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={themeOverride}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
        >
          {toasts}
          {children}
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
