import { useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  apiRequest,
  type CannedResponsesResponse,
  cannedResponsesResponseSchema,
  ticketKeys,
} from 'shared-contracts';

/**
 * GET /canned-responses?ticketId= (ADR 0065): the canned answers a reply on this ticket may start
 * from, in the member's language with the variables filled by the api. Under the ticket's detail
 * key, so a change of the ticket (its due time) fills them again.
 */
export function useCannedAnswers(ticketId: number, enabled: boolean) {
  return useQuery<CannedResponsesResponse, ApiError>({
    queryKey: [...ticketKeys.detail(ticketId), 'canned-responses'],
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.cannedResponses.list, cannedResponsesResponseSchema, {
        searchParams: { ticketId },
        signal,
      }),
    enabled,
  });
}
