import { getTicketStats, type TicketStats, useAsync } from 'shared-contracts';
import { PREFETCH_KEYS, takePrefetched } from './dashboardPrefetch';

/** GET /tickets/stats: the four card counts, scoped by the server to what the caller may see. */
export function useTicketStats() {
  return useAsync<TicketStats>(() => takePrefetched(PREFETCH_KEYS.stats, getTicketStats), []);
}
