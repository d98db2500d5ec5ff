import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from 'shared-contracts';
import { type TicketPageRequest, ticketPageQuery } from '../api/fetchTicketPage';

/**
 * The page of tickets the panel shows, asked for again whenever the user or a control changes;
 * the previous page stays on screen (dimmed) until the next one arrives.
 */
export function useTicketPage(request: TicketPageRequest) {
  const user = useAuth((state) => state.user);
  const { page, status, q, city, date, due = null, sort = null, projectId = null } = request;
  // The first page without a project is keyed as the route prefetched it (no `projectId` at all).
  const shape =
    projectId === null
      ? { page, status, q, city, date, due, sort }
      : { page, status, q, city, date, due, sort, projectId };
  return useQuery({
    ...ticketPageQuery(user, shape),
    placeholderData: keepPreviousData,
  });
}
