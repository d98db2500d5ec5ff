import { useCallback, useEffect, useState } from 'react';
import {
  accessKeyFromHash,
  getUserTickets,
  parseUserRouteId,
  TICKETS_PAGE_SIZE,
  type Ticket,
  toApiError,
} from 'shared-contracts';
import { memberKeyFor, rememberMemberKey } from '../../../lib/memberKeys';

export type UserTicketsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; tickets: Ticket[]; total: number; page: number; loadingMore: boolean };

/**
 * GET /api/tickets/user/{id} for /tickets/{userId} (spec §5: a non-numeric id is 'Invalid user
 * ID. Please try again.' with no call). The member's key comes from the URL fragment, or else
 * from this device (remembered at submit); a key from the URL is remembered once it opened the
 * list. Pages of 10, with more on request.
 */
export function useUserTickets(idSegment: string | undefined, hash: string) {
  const route = parseUserRouteId(idSegment);
  const userId = route.ok ? route.id : null;
  const keyInUrl = accessKeyFromHash(hash);
  const accessKey = keyInUrl ?? memberKeyFor(userId);
  const [state, setState] = useState<UserTicketsState>({ status: 'loading' });

  useEffect(() => {
    if (userId === null) return;
    let active = true;
    setState({ status: 'loading' });
    getUserTickets(userId, { page: 1, pageSize: TICKETS_PAGE_SIZE }, { accessKey }).then(
      ({ tickets, total }) => {
        if (!active) return;
        if (keyInUrl) rememberMemberKey(userId, keyInUrl);
        setState({ status: 'ready', tickets, total, page: 1, loadingMore: false });
      },
      (error: unknown) => {
        const info = toApiError(error);
        console.error('Tickets could not be loaded', info);
        if (active) setState({ status: 'error', message: info.message });
      },
    );
    return () => {
      active = false;
    };
  }, [userId, accessKey, keyInUrl]);

  const loadMore = useCallback(async () => {
    if (userId === null || state.status !== 'ready' || state.loadingMore) return;
    const page = state.page + 1;
    setState({ ...state, loadingMore: true });
    try {
      const answer = await getUserTickets(userId, { page, pageSize: TICKETS_PAGE_SIZE }, { accessKey });
      const seen = new Set(state.tickets.map((ticket) => ticket.id));
      setState({
        status: 'ready',
        tickets: [...state.tickets, ...answer.tickets.filter((ticket) => !seen.has(ticket.id))],
        total: answer.total,
        page,
        loadingMore: false,
      });
    } catch (error) {
      setState({ status: 'error', message: toApiError(error).message });
    }
  }, [userId, accessKey, state]);

  return {
    state: route.ok ? state : ({ status: 'error', message: route.error } as const),
    accessKey,
    loadMore,
  };
}
