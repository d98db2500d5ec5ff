import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailedBanner } from './LoadFailedBanner';

interface FramedQuery {
  error: Parameters<typeof LoadFailedBanner>[0]['error'] | null;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * What every admin screen shows around a list it loads: the load-failed banner with its retry,
 * a spinner while the first answer is awaited, then the content (which still shows what an
 * earlier load brought when a refetch fails).
 */
export function QueryFrame({
  query,
  loadFailed,
  retryLabel,
  loadingLabel,
  loading = query.isPending,
  children,
}: {
  query: FramedQuery;
  loadFailed: string;
  retryLabel: string;
  loadingLabel: string;
  /** When the spinner shows, if not only while the query is pending (a list reloading from empty). */
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {query.error && (
        <LoadFailedBanner
          title={loadFailed}
          error={query.error}
          retryLabel={retryLabel}
          onRetry={query.refetch}
        />
      )}
      {loading ? (
        <Center py="xl">
          <Loader aria-label={loadingLabel} role="status" />
        </Center>
      ) : (
        children
      )}
    </>
  );
}
