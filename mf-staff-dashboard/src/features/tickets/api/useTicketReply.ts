import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CommentVisibility, postTicketReply, ticketKeys } from 'shared-contracts';

export interface TicketReplyCall {
  ticketId: number;
  text: string;
  visibility: CommentVisibility;
  attachment: File | null;
  /** The canned answer the reply started from (ADR 0065). */
  cannedResponseId?: number | null;
}

/**
 * A reply to the member or an internal note (docs/architecture.md#conversation-and-notifications),
 * as a mutation (ADR 0012). The ticket's history and the messages sent about it live under its
 * detail key: invalidating it asks for the ticket, its history and its messages again.
 */
export function useTicketReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, text, visibility, attachment, cannedResponseId }: TicketReplyCall) =>
      postTicketReply(
        ticketId,
        { text, visibility, ...(cannedResponseId != null ? { cannedResponseId } : {}) },
        attachment,
      ).then((answer) => answer.entry),
    onSuccess: (_entry, { ticketId }) =>
      queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
  });
}
