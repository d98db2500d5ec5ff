import type { MantineThemeOverride } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { PageProviders, TOAST_OUTLET } from './PageProviders';

/**
 * The providers of a page: the shell renders them once for the whole suite; a remote renders
 * them only in its standalone bootstrap (never in what it exposes, or the page would get two
 * notification outlets).
 */
export function AppProviders({
  children,
  themeOverride,
}: {
  children: ReactNode;
  /** Only the component tests' render sets it (shared-contracts/testing/render.tsx). */
  themeOverride?: MantineThemeOverride;
}) {
  return (
    <PageProviders toasts={<Notifications {...TOAST_OUTLET} />} themeOverride={themeOverride}>
      {children}
    </PageProviders>
  );
}
