import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getUserTickets, TICKETS_PAGE_SIZE, type Ticket, ticketKeys, toApiError } from 'shared-contracts';
import { memberKeyFor, rememberMemberKey } from '../../../lib/memberKeys';
import { accessKeyFromHash, parseUserRouteId } from '../../../rules/routeId';

export type UserTicketsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; tickets: Ticket[]; total: number; loadingMore: boolean };

/**
 * GET /api/tickets/user/{id} for /tickets/{userId} (docs/product.md#validation: a non-numeric id is 'Invalid user
 * ID. Please try again.' with no call). The member's key comes from the URL fragment, or else
 * from this device (remembered at submit); a key from the URL is remembered once it opened the
 * list. Pages of 10, with more on request.
 */
export function useUserTickets(idSegment: string | undefined, hash: string) {
  const route = parseUserRouteId(idSegment);
  const userId = route.ok ? route.id : 0;
  const keyInUrl = accessKeyFromHash(hash);
  const accessKey = keyInUrl ?? memberKeyFor(userId);

  const query = useInfiniteQuery({
    queryKey: ticketKeys.list('user', userId, accessKey),
    queryFn: ({ pageParam, signal }) =>
      getUserTickets(userId, { page: pageParam, pageSize: TICKETS_PAGE_SIZE }, { accessKey, signal }),
    initialPageParam: 1,
    // 'Show more tickets' asks for the next page while fewer tickets than the total are shown.
    getNextPageParam: (last, pages) =>
      pages.reduce((shown, page) => shown + page.tickets.length, 0) < last.total
        ? pages.length + 1
        : undefined,
    enabled: route.ok,
  });

  const opened = query.isSuccess;
  const { error } = query;
  useEffect(() => {
    if (opened && keyInUrl) rememberMemberKey(userId, keyInUrl);
  }, [opened, keyInUrl, userId]);
  useEffect(() => {
    if (error) console.error('Tickets could not be loaded', toApiError(error));
  }, [error]);

  const state: UserTicketsState = !route.ok
    ? { status: 'error', message: route.error }
    : query.isError
      ? { status: 'error', message: query.error.message }
      : query.data
        ? {
            status: 'ready',
            tickets: withoutRepeats(query.data.pages.flatMap((page) => page.tickets)),
            total: query.data.pages[query.data.pages.length - 1]?.total ?? 0,
            loadingMore: query.isFetchingNextPage,
          }
        : { status: 'loading' };

  const loadMore = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };

  return { state, accessKey, userId, loadMore };
}

/** A ticket filed while the member pages shifts the pages: each ticket is shown once. */
function withoutRepeats(tickets: Ticket[]): Ticket[] {
  const seen = new Set<number>();
  return tickets.filter((ticket) => !seen.has(ticket.id) && seen.add(ticket.id));
}
