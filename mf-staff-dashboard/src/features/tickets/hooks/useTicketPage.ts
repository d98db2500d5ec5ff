import { useAsync, useAuth } from 'shared-contracts';
import { fetchTicketPage, type TicketPageRequest } from '../api/fetchTicketPage';

/** The page of tickets the panel shows, reloaded whenever the user or a control changes. */
export function useTicketPage(request: TicketPageRequest) {
  const user = useAuth((state) => state.user);
  const { page, status, q, city, date } = request;
  return useAsync(
    () => fetchTicketPage(user, { page, status, q, city, date }),
    [user?.id, user?.role, page, status, q, city, date],
  );
}
