import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postTicketReply, ticketKeys } from 'shared-contracts';

export interface MemberReplyCall {
  text: string;
  attachment: File | null;
}

/**
 * The member's reply from /ticket-detail/{id} with the ticket's key (always public,
 * docs/architecture.md#conversation-and-notifications), as a mutation (ADR 0012). The ticket and
 * its history live under its detail key: invalidating it shows the reply in the timeline.
 */
export function useMemberReply(ticketId: number, accessKey: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, attachment }: MemberReplyCall) =>
      postTicketReply(ticketId, { text }, attachment, { accessKey }).then((answer) => answer.entry),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
  });
}
