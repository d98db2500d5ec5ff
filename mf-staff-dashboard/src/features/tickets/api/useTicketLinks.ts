import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  apiRequest,
  pathFor,
  type Ticket,
  type TicketLink,
  type TicketLinkRequest,
  ticketKeys,
  ticketLinksResponseSchema,
  ticketQuery,
} from 'shared-contracts';

/**
 * The links an answer gives become the cached ticket's (the open dialog shows them at once); the
 * other ticket's own links changed too, so its cached version is asked for again when next shown.
 */
function storeLinks(queryClient: QueryClient, ticketId: number, otherId: number, links: TicketLink[]) {
  // The staff's own version of the ticket (no share key); its history and messages are unchanged.
  queryClient.setQueryData<Ticket>(ticketQuery(ticketId).queryKey, (ticket) =>
    ticket ? { ...ticket, links } : ticket,
  );
  void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(otherId) });
}

/** POST /tickets/{id}/links (ADR 0056): this ticket becomes a duplicate of, or related to, another. */
export function useLinkTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation<TicketLink[], ApiError, TicketLinkRequest>({
    mutationFn: (body) =>
      apiRequest('post', pathFor(API_PATHS.tickets.links, { id: ticketId }), ticketLinksResponseSchema, {
        json: body,
      }).then((answer) => answer.links),
    onSuccess: (links, body) => storeLinks(queryClient, ticketId, body.ticketId, links),
  });
}

/** DELETE /tickets/{id}/links/{otherId}: the link between the two, whichever way it points. */
export function useUnlinkTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation<TicketLink[], ApiError, number>({
    mutationFn: (otherId) =>
      apiRequest(
        'delete',
        pathFor(API_PATHS.tickets.link, { id: ticketId, otherId }),
        ticketLinksResponseSchema,
        {},
      ).then((answer) => answer.links),
    onSuccess: (links, otherId) => storeLinks(queryClient, ticketId, otherId, links),
  });
}
