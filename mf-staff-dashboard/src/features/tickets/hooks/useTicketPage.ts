import { useAsync, useAuth } from 'shared-contracts';
import { PREFETCH_KEYS, takePrefetched } from '../../dashboard/api/dashboardPrefetch';
import { fetchTicketPage, type TicketPageRequest } from '../api/fetchTicketPage';

/**
 * The page of tickets the panel shows, reloaded whenever the user or a control changes (the
 * dashboard's first page may already be on its way: see dashboardPrefetch).
 */
export function useTicketPage(request: TicketPageRequest) {
  const user = useAuth((state) => state.user);
  const { page, status, q, city, date } = request;
  return useAsync(() => {
    const current = { page, status, q, city, date };
    return takePrefetched(PREFETCH_KEYS.ticketPage(user, current), () => fetchTicketPage(user, current));
  }, [user?.id, user?.role, page, status, q, city, date]);
}
