import { useEffect, useState } from 'react';
import { getTicket, parseTicketRouteId, type Ticket, toApiError } from 'shared-contracts';

export type TicketState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; ticket: Ticket };

/**
 * GET /api/tickets/{id} for /ticket-detail/{id}: the id plain or url-safe encoded (spec §5; a
 * bad one is 'Invalid ticket ID. Please try again.' and no call is made), the share key sent as
 * `X-Access-Key` (ARCHITECTURE §8; a signed-in staff member's token goes with it anyway).
 */
export function useTicket(idSegment: string | undefined, accessKey: string | null): TicketState {
  const route = parseTicketRouteId(idSegment);
  const ticketId = route.ok ? route.id : null;
  const [state, setState] = useState<TicketState>({ status: 'loading' });

  useEffect(() => {
    if (ticketId === null) return;
    let active = true;
    setState({ status: 'loading' });
    getTicket(ticketId, { accessKey }).then(
      ({ ticket }) => {
        if (active) setState({ status: 'ready', ticket });
      },
      (error: unknown) => {
        const info = toApiError(error);
        // Spec §8: a ticket load failure shows its message and is also logged.
        console.error('Ticket could not be loaded', info);
        if (active) setState({ status: 'error', message: info.message });
      },
    );
    return () => {
      active = false;
    };
  }, [ticketId, accessKey]);

  return route.ok ? state : { status: 'error', message: route.error };
}
