import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  type InterimReply,
  type InterimReplyResponse,
  postInterimReply,
  ticketKeys,
  ticketStagesQuery,
} from 'shared-contracts';

/** GET /tickets/{id}/stages (staff): the ticket's chain, oldest first. */
export function useTicketStages(ticketId: number | null) {
  return useQuery({ ...ticketStagesQuery(ticketId ?? 0), enabled: ticketId !== null, staleTime: 0 });
}

/**
 * POST /tickets/{id}/interim-reply (ADR 0012): the new due time changes the ticket's row, its
 * badge, the Overdue count and its chain, so every ticket query is invalidated.
 */
export function useInterimReply(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation<InterimReplyResponse, ApiError, InterimReply>({
    mutationFn: (body) => postInterimReply(ticketId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
