/**
 * The page's one QueryClient (ADR 0012). Every screen of every remote reads and writes server
 * data through it: @tanstack/react-query and shared-contracts are federation singletons, so the
 * shell and the remotes it mounts share this cache, and a remote's prefetch is what its page reads.
 */
import { QueryClient } from '@tanstack/react-query';
import { authStore } from '../auth/authStore';
import type { ApiError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    // Every client function throws an ApiError (docs/product.md#errors `{ status, message, details }`).
    defaultError: ApiError;
  }
}

/**
 * An answer younger than this is shown without asking again (the dashboard's prefetched calls
 * are taken by its page); an older one is shown and refreshed in the background.
 */
export const QUERY_FRESH_MS = 5_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    // A failure shows its message with a Retry button at once (docs/product.md#errors), as before this cache:
    // no silent retries, and no refetch when the tab regains focus.
    queries: { staleTime: QUERY_FRESH_MS, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Another session (sign-out, a 401, a different user) must never see the previous one's answers.
authStore.subscribe((state, previous) => {
  if (previous.token && state.token !== previous.token) queryClient.removeQueries();
});
