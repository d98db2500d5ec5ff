import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  apiRequest,
  type CannedResponse,
  type CannedResponseInputForm,
  type CannedResponsesResponse,
  cannedResponseResponseSchema,
  cannedResponsesResponseSchema,
  okResponseSchema,
  pathFor,
} from 'shared-contracts';

/** The query key of the answers the caller keeps or reads (ADR 0065). */
const CANNED_RESPONSES = ['canned-responses', 'all'] as const;

/** GET /canned-responses: every answer the caller may use, with whether they may change it. */
export function useCannedResponses() {
  return useQuery<CannedResponsesResponse, ApiError>({
    queryKey: CANNED_RESPONSES,
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.cannedResponses.list, cannedResponsesResponseSchema, { signal }),
  });
}

/** POST /canned-responses, or PUT /canned-responses/{id} when `id` is given. */
export function useSaveCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation<CannedResponse, ApiError, { id: number | null; body: CannedResponseInputForm }>({
    mutationFn: ({ id, body }) =>
      (id === null
        ? apiRequest('post', API_PATHS.cannedResponses.create, cannedResponseResponseSchema, { json: body })
        : apiRequest('put', pathFor(API_PATHS.cannedResponses.byId, { id }), cannedResponseResponseSchema, {
            json: body,
          })
      ).then((answer) => answer.cannedResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['canned-responses'] }),
  });
}

/** DELETE /canned-responses/{id}. */
export function useDeleteCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) =>
      apiRequest('delete', pathFor(API_PATHS.cannedResponses.byId, { id }), okResponseSchema, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['canned-responses'] }),
  });
}
