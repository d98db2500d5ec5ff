import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys, conversationKeys, rotateShareKey } from 'shared-contracts';

/**
 * A new share key for the ticket (docs/security.md "Links"): the old link stops at once. The
 * messages sent about the ticket (the member's email with the new link) and the audit trail
 * change with it, so both are asked for again.
 */
export function useRotateShareKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: number) => rotateShareKey(ticketId),
    onSuccess: (_answer, ticketId) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(ticketId) });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
