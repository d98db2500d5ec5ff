import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Ticket, ticketQuery, toApiError } from 'shared-contracts';
import { parseTicketRouteId } from '../../../rules/routeId';

export type TicketState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; ticket: Ticket };

/**
 * GET /api/tickets/{id} for /ticket-detail/{id}: the id plain or url-safe encoded (docs/product.md#validation; a
 * bad one is 'Invalid ticket ID. Please try again.' and no call is made), the share key sent as
 * `X-Access-Key` (docs/architecture.md#security-decisions; a signed-in staff member's token goes with it anyway).
 */
export function useTicket(idSegment: string | undefined, accessKey: string | null): TicketState {
  const route = parseTicketRouteId(idSegment);
  const query = useQuery({ ...ticketQuery(route.ok ? route.id : 0, accessKey), enabled: route.ok });

  const { error } = query;
  useEffect(() => {
    // docs/product.md#errors: a ticket load failure shows its message and is also logged.
    if (error) console.error('Ticket could not be loaded', toApiError(error));
  }, [error]);

  if (!route.ok) return { status: 'error', message: route.error };
  if (query.isError) return { status: 'error', message: query.error.message };
  return query.data ? { status: 'ready', ticket: query.data } : { status: 'loading' };
}
