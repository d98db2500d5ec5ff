/**
 * Integrations (ADR 0063, ADR 0064): the API tokens other systems call the api with, and the
 * webhooks that tell them what happened. What the admins' screen sends and the api answers.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { asName, coercedIdSchema, countSchema, dateTimeSchema, idSchema, requiredText } from './common';
import { messageStatusSchema } from './conversation';

/** What an API token may do: a route outside its scopes answers 403 naming the scope it needs. */
export const API_SCOPES = ['tickets:read', 'tickets:write', 'reports:read', 'users:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const apiScopeSchema = z.enum(API_SCOPES);

/** The scope whose token acts for a staff user (ADR 0079): its steps are that user's. */
export const ACTING_SCOPE = 'tickets:write' satisfies ApiScope;

/** An API token as sent: `hdk_` then its id and secret (only shown once, when created). */
export const API_TOKEN_PREFIX = 'hdk_';

/** POST /admin/tokens body. */
export const apiTokenInputSchema = z.object({
  name: asName(requiredText(TEXT_LIMITS.name)),
  scopes: z.array(apiScopeSchema).check(
    z.minLength(1, { error: 'Choose at least one scope' }),
    z.refine((scopes) => new Set(scopes).size === scopes.length, { error: 'A scope is listed twice' }),
  ),
  /** Only this city's tickets; none: every city. */
  cityId: z.optional(z.nullable(idSchema)),
  /** When it stops working; none: until revoked. */
  expiresAt: z.optional(z.nullable(dateTimeSchema)),
  /**
   * The active staff user a `tickets:write` token acts for (ADR 0079): its ticket steps are theirs,
   * under their role and city. Required with `tickets:write`, refused without it.
   */
  actingUserId: z.optional(z.nullable(idSchema)),
});
export type ApiTokenInput = z.infer<typeof apiTokenInputSchema>;

/** A token as the admins' list shows it (never its secret). */
export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  cityId: z.nullable(idSchema),
  city: z.nullable(z.string()),
  expiresAt: z.nullable(dateTimeSchema),
  createdAt: dateTimeSchema,
  lastUsedAt: z.nullable(dateTimeSchema),
  revokedAt: z.nullable(dateTimeSchema),
  /** The staff user a `tickets:write` token acts for, and their name as it is now. */
  actingUserId: z.nullable(idSchema),
  actingUser: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET /admin/tokens answer, newest first. */
export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponseSchema>;

/** POST /admin/tokens answer: the token itself, shown this once. */
export const apiTokenCreatedSchema = z.object({ id: idSchema, token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** The events a webhook may ask for. */
export const WEBHOOK_EVENTS = [
  'ticket.submitted',
  'ticket.status_changed',
  'ticket.replied',
  'stage.escalated',
  'appeal.decided',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/** The longest endpoint URL kept. */
export const WEBHOOK_URL_MAX = 2000;

/** POST /admin/webhooks body: an https URL and at least one event. */
export const webhookInputSchema = z.object({
  url: z
    .string()
    .check(
      z.trim(),
      z.maxLength(WEBHOOK_URL_MAX),
      z.regex(/^https:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i, { error: 'Must be an https:// address' }),
    ),
  events: z.array(webhookEventSchema).check(
    z.minLength(1, { error: 'Choose at least one event' }),
    z.refine((events) => new Set(events).size === events.length, { error: 'An event is listed twice' }),
  ),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** A webhook as the admins' list shows it (never its secret). */
export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: dateTimeSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** GET /admin/webhooks answer, newest first. */
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhooksResponse = z.infer<typeof webhooksResponseSchema>;

/** POST /admin/webhooks answer: the signing secret (`whsec_…`), shown this once. */
export const webhookCreatedSchema = z.object({ id: idSchema, secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** One delivery: an outbox row of the webhook, with the receiver's last answer. */
export const webhookDeliverySchema = z.object({
  id: idSchema,
  event: webhookEventSchema,
  /** An outbox row's status (a webhook's is never `delivered`: that is a phone receipt's). */
  status: messageStatusSchema,
  attempts: countSchema,
  /** `HTTP 200`, `HTTP 503`, or why nothing was answered (refused address, timeout). */
  answer: z.nullable(z.string()),
  createdAt: dateTimeSchema,
  sentAt: z.nullable(dateTimeSchema),
  nextAttemptAt: z.nullable(dateTimeSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /admin/webhooks/{id}/deliveries answer, newest first. */
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

/** POST /admin/webhooks/{id}/deliveries/{deliveryId}/retry and DELETE params. */
export const webhookDeliveryParamsSchema = z.object({ id: coercedIdSchema, deliveryId: coercedIdSchema });
