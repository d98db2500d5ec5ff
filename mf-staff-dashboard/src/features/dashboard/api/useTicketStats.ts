import { getTicketStats, type TicketStats } from 'shared-contracts';
import { useAsync } from '../../../hooks/useAsync';

/** GET /tickets/stats: the four card counts, scoped by the server to what the caller may see. */
export function useTicketStats() {
  return useAsync<TicketStats>(() => getTicketStats(), []);
}
