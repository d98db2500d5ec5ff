/**
 * Personal data under India's DPDP Act (ADR 0050): the member's requests from their private list
 * link (correction, erasure, withdrawal of consent for SMS and WhatsApp), the admins' work on them,
 * and the export of the member's data.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { countSchema, dateTimeSchema, idSchema, optionalText, requiredText } from './common';

export const PRIVACY_REQUEST_KINDS = ['correction', 'erasure', 'withdraw-consent'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/**
 * `open`: waits for an admin; `waiting`: executed, but a ticket under appeal keeps its data until
 * the appeal is decided; `done`; `declined` (with the admin's reason).
 */
export const PRIVACY_REQUEST_STATUSES = ['open', 'waiting', 'done', 'declined'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** Days an admin has to answer a correction or erasure request (DPDP Rules: "within a reasonable time"). */
export const PRIVACY_REQUEST_DAYS = 30;

/** POST /members/{id}/requests body: a correction says what is wrong. */
export const memberRequestBodySchema = z
  .object({
    kind: z.enum(PRIVACY_REQUEST_KINDS),
    text: z.optional(optionalText(TEXT_LIMITS.comment, { multiLine: true })),
  })
  .check(
    z.refine((body) => body.kind !== 'correction' || (body.text ?? '').length > 0, {
      message: 'Say what should be corrected',
      path: ['text'],
    }),
  );
export type MemberRequestBody = z.infer<typeof memberRequestBodySchema>;

export const privacyRequestSchema = z.object({
  id: idSchema,
  memberId: idSchema,
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  text: z.nullable(z.string()),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  createdAt: dateTimeSchema,
  dueAt: dateTimeSchema,
  decidedAt: z.nullable(dateTimeSchema),
  declineReason: z.nullable(z.string()),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** 202 answer of POST /members/{id}/requests. */
export const memberRequestResponseSchema = z.object({ request: privacyRequestSchema });

/** GET /privacy/requests query: open (open and waiting) or all. */
export const privacyRequestsQuerySchema = z.object({
  state: z.optional(z.enum(['open', 'all'])),
});

export const privacyRequestsResponseSchema = z.object({
  requests: z.array(privacyRequestSchema),
  total: countSchema,
});

/** POST /privacy/requests/{id}/decline body. */
export const declineRequestBodySchema = z.object({
  reason: requiredText(TEXT_LIMITS.comment, 'A reason is required', { multiLine: true }),
});

/** The answer of execute and decline. */
export const privacyRequestResponseSchema = z.object({ request: privacyRequestSchema });

/** GET /members/{id}/export: everything the association keeps about the member, as JSON. */
export const memberExportSchema = z.object({
  exportedAt: dateTimeSchema,
  member: z.object({ id: idSchema, fullName: z.string(), email: z.string(), mobile: z.string() }),
  tickets: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      description: z.string(),
      status: z.string(),
      city: z.string(),
      committee: z.nullable(z.string()),
      name: z.string(),
      email: z.string(),
      mobile: z.string(),
      phoneUpdates: z.boolean(),
      createdAt: dateTimeSchema,
      /** The member's own words on the ticket: replies, reasons, rating comments. */
      replies: z.array(z.object({ kind: z.string(), text: z.string(), at: dateTimeSchema })),
      files: z.array(z.object({ name: z.string(), sizeBytes: countSchema, at: dateTimeSchema })),
    }),
  ),
  messages: z.array(
    z.object({
      channel: z.string(),
      to: z.string(),
      event: z.string(),
      ticketId: z.nullable(idSchema),
      status: z.string(),
      sentAt: z.nullable(dateTimeSchema),
    }),
  ),
  requests: z.array(privacyRequestSchema),
});
export type MemberExport = z.infer<typeof memberExportSchema>;
