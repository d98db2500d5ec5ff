import { useMutation } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  apiRequest,
  pathFor,
  type UnmaskResponse,
  unmaskResponseSchema,
} from 'shared-contracts';

/** POST /tickets/{id}/unmask (admins, the association president): the identity, with the reason audited (ADR 0049). */
export function useUnmask(ticketId: number) {
  return useMutation<UnmaskResponse, ApiError, string>({
    mutationFn: (reason) =>
      apiRequest('post', pathFor(API_PATHS.tickets.unmask, { id: ticketId }), unmaskResponseSchema, {
        json: { reason },
      }),
  });
}
