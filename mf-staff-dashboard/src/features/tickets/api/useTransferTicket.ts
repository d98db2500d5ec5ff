import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  postTransfer,
  type Ticket,
  type TransferRequest,
  ticketKeys,
  ticketQuery,
} from 'shared-contracts';

/**
 * POST /tickets/{id}/transfer (docs/architecture.md#the-members-last-word): the city president of
 * the ticket's city, or an admin, moves a ticket filed under the wrong city or committee instead of
 * rejecting it. The answer is the moved ticket: it becomes the cached ticket (the open dialog needs
 * no second call, which the old city's president could no longer make); every list and count is
 * invalidated and asked for again, so the ticket leaves this city's list (ADR 0012). A 409 (someone
 * acted first) invalidates the ticket too.
 */
export function useTransferTicket() {
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError, { ticketId: number; body: TransferRequest }>({
    mutationFn: ({ ticketId, body }) => postTransfer(ticketId, body).then((answer) => answer.ticket),
    onSuccess: (moved) => {
      queryClient.setQueryData(ticketQuery(moved.id).queryKey, moved);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.stats() });
    },
    onError: (error, { ticketId }) => {
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
    },
  });
}
