import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  type AssistedChannel,
  ATTACHMENT_FIELD,
  apiRequest,
  CHANNEL_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  type TicketSubmitForm,
  type TicketSubmitResponse,
  ticketKeys,
  ticketSubmitResponseSchema,
} from 'shared-contracts';

export interface FileComplaintCall {
  fields: TicketSubmitForm;
  channel: AssistedChannel;
  letter: File | null;
  /** One key per filled form: a double click or a retry files one complaint. */
  idempotencyKey: string;
}

/**
 * POST /tickets/assisted (ADR 0066): the submit form's fields, the channel and the scanned letter,
 * as multipart. The lists hold the new ticket afterwards.
 */
export function useFileComplaint() {
  const queryClient = useQueryClient();
  return useMutation<TicketSubmitResponse, ApiError, FileComplaintCall>({
    mutationFn: ({ fields, channel, letter, idempotencyKey }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined && value !== '') form.append(name, value);
      }
      form.append(CHANNEL_FIELD, channel);
      if (letter) form.append(ATTACHMENT_FIELD, letter, letter.name);
      return apiRequest('post', API_PATHS.tickets.assisted, ticketSubmitResponseSchema, {
        body: form,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
