import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  conversationKeys,
  failedMessagesQuery,
  type RetryMessageResponse,
  retryMessage,
} from 'shared-contracts';

/** GET /messages/failed (admins): the messages the outbox gave up on, newest first. */
export function useFailedMessages() {
  // Always asked again when the screen opens: a message may have failed a minute ago.
  return useQuery({ ...failedMessagesQuery(), staleTime: 0 });
}

/**
 * POST /messages/{id}/retry: the message is queued again, due now. The failed list and the
 * messages of its ticket (the staff dialog's table) are invalidated, not patched by hand.
 */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation<RetryMessageResponse, ApiError, number>({
    mutationFn: (messageId) => retryMessage(messageId),
    onSettled: async (answer) => {
      const ticketId = answer?.message.ticketId;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.failedMessages() }),
        ticketId ? queryClient.invalidateQueries({ queryKey: conversationKeys.messages(ticketId) }) : null,
      ]);
    },
  });
}
