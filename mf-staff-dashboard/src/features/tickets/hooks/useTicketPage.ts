import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from 'shared-contracts';
import { type TicketPageRequest, ticketPageQuery } from '../api/fetchTicketPage';

/**
 * The page of tickets the panel shows, asked for again whenever the user or a control changes;
 * the previous page stays on screen (dimmed) until the next one arrives.
 */
export function useTicketPage(request: TicketPageRequest) {
  const user = useAuth((state) => state.user);
  const { page, status, q, city, date, due = null, sort = null } = request;
  return useQuery({
    ...ticketPageQuery(user, { page, status, q, city, date, due, sort }),
    placeholderData: keepPreviousData,
  });
}
