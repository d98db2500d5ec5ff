import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  type AppealRequest,
  postAppeal,
  postRating,
  postReopen,
  type RatingRequestInput,
  type ReopenRequest,
  ticketKeys,
} from 'shared-contracts';

/**
 * The member's last word from /ticket-detail/{id} with the ticket's key
 * (docs/architecture.md#the-members-last-word): rate the outcome, reopen, appeal. Each is a
 * mutation that invalidates the ticket's detail key (ADR 0012): the ticket comes back with its
 * new state, its `lastWord` (what is still open) and the history entry the api wrote, so the card
 * and the public timeline follow the server and nothing is patched by hand.
 */
function useTicketMutation<Body>(
  ticketId: number,
  call: (ticketId: number, body: Body, options: { accessKey: string | null }) => Promise<unknown>,
  accessKey: string | null,
) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, Body>({
    mutationFn: (body: Body) => call(ticketId, body, { accessKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
  });
}

export const useRateTicket = (ticketId: number, accessKey: string | null) =>
  useTicketMutation<RatingRequestInput>(ticketId, postRating, accessKey);

export const useReopenTicket = (ticketId: number, accessKey: string | null) =>
  useTicketMutation<ReopenRequest>(ticketId, postReopen, accessKey);

export const useAppealTicket = (ticketId: number, accessKey: string | null) =>
  useTicketMutation<AppealRequest>(ticketId, postAppeal, accessKey);
