import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/queryClient';
import { i18n } from '../i18n';
import { cssVariablesResolver, theme } from './theme';

/**
 * The providers of a page: the shell renders them once for the whole suite; a remote renders
 * them only in its standalone bootstrap (never in what it exposes, or the page would get two
 * notification outlets). The query cache is the page's one `queryClient` (ADR 0012).
 */
export function AppProviders({
  children,
  themeOverride = theme,
}: {
  children: ReactNode;
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
          <Notifications position="top-right" limit={3} />
          {children}
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
