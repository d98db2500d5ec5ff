/**
 * API tokens and webhooks as the admins' Integrations screen reads and changes them (ADR 0063,
 * 0064): one query key each, and mutations that invalidate what they change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  type ApiTokenCreated,
  type ApiTokenInput,
  apiRequest,
  apiTokenCreatedSchema,
  apiTokensResponseSchema,
  okResponseSchema,
  pathFor,
  type WebhookCreated,
  type WebhookInput,
  webhookCreatedSchema,
  webhookDeliveriesResponseSchema,
  webhooksResponseSchema,
} from 'shared-contracts';

export const integrationKeys = {
  all: ['integrations'] as const,
  tokens: () => [...integrationKeys.all, 'tokens'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (webhookId: number) => [...integrationKeys.webhooks(), webhookId, 'deliveries'] as const,
};

const tokensQuery = () =>
  queryOptions({
    queryKey: integrationKeys.tokens(),
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.integrations.tokens, apiTokensResponseSchema, { signal }).then(
        (answer) => answer.tokens,
      ),
  });

const webhooksQuery = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.integrations.webhooks, webhooksResponseSchema, { signal }).then(
        (answer) => answer.webhooks,
      ),
  });

const deliveriesQuery = (webhookId: number) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      apiRequest(
        'get',
        pathFor(API_PATHS.integrations.deliveries, { id: webhookId }),
        webhookDeliveriesResponseSchema,
        { signal },
      ).then((answer) => answer.deliveries),
  });

export const useApiTokens = () => useQuery({ ...tokensQuery(), staleTime: 0 });
export const useWebhooks = () => useQuery({ ...webhooksQuery(), staleTime: 0 });
export const useDeliveries = (webhookId: number) => useQuery({ ...deliveriesQuery(webhookId), staleTime: 0 });

/** POST /admin/tokens: the answer holds the token, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation<ApiTokenCreated, ApiError, ApiTokenInput>({
    mutationFn: (input) =>
      apiRequest('post', API_PATHS.integrations.tokens, apiTokenCreatedSchema, { json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.tokens() }),
  });
}

/** DELETE /admin/tokens/{id}: it stops on its next request. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) =>
      apiRequest('delete', pathFor(API_PATHS.integrations.token, { id }), okResponseSchema, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.tokens() }),
  });
}

/** POST /admin/webhooks: the answer holds the signing secret, shown once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation<WebhookCreated, ApiError, WebhookInput>({
    mutationFn: (input) =>
      apiRequest('post', API_PATHS.integrations.webhooks, webhookCreatedSchema, { json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  });
}

/** POST …/deliveries/{deliveryId}/retry: sent again now. */
export function useRetryDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (deliveryId) =>
      apiRequest(
        'post',
        pathFor(API_PATHS.integrations.retryDelivery, { id: webhookId, deliveryId }),
        okResponseSchema,
        {},
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(webhookId) }),
  });
}
