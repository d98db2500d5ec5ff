/**
 * Personal data under India's DPDP Act (ADR 0050): the member's requests from their private list
 * link (correction, erasure, withdrawal of consent for SMS and WhatsApp), the admins' work on them,
 * and the export of the member's data.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import {
  countSchema,
  dateTimeSchema,
  emailSchema,
  idSchema,
  isoDateSchema,
  nameSchema,
  optionalText,
  requiredText,
} from './common';

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

/** The languages a privacy notice is published in: those of the submit form (ADR 0068). */
export const NOTICE_LANGUAGES = ['en', 'hi', 'mr'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

/** The longest text of a notice, and of a breach's notice or report. */
export const NOTICE_TEXT_MAX = 20_000;

/** GET /privacy/notice query: the language (English when absent). */
export const privacyNoticeQuerySchema = z.object({
  lang: z.optional(z.enum(NOTICE_LANGUAGES, { error: 'The language is en, hi or mr' })),
});

/** The person members complain to about their data, on the notice and in the form's footer. */
export const grievanceOfficerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: requiredText(40, 'A phone number is required'),
});
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;

/** GET /privacy/notice: the newest version of the notice in the language asked. */
export const privacyNoticeSchema = z.object({
  version: idSchema,
  language: z.enum(NOTICE_LANGUAGES),
  text: z.string(),
  grievanceOfficer: grievanceOfficerSchema,
  publishedAt: dateTimeSchema,
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** POST /privacy/notices: a new version, in every language at once, with the officer's contact. */
export const publishNoticeBodySchema = z.object({
  texts: z.object({
    en: requiredText(NOTICE_TEXT_MAX, 'The notice in English is required', { multiLine: true }),
    hi: requiredText(NOTICE_TEXT_MAX, 'The notice in Hindi is required', { multiLine: true }),
    mr: requiredText(NOTICE_TEXT_MAX, 'The notice in Marathi is required', { multiLine: true }),
  }),
  grievanceOfficer: grievanceOfficerSchema,
});
export type PublishNoticeBody = z.infer<typeof publishNoticeBodySchema>;

export const publishNoticeResponseSchema = z.object({ version: idSchema });

export const BREACH_STATUSES = ['draft', 'sent'] as const;

/**
 * POST /privacy/breaches (ADR 0069): what happened, when, when it was found, and whom it touches:
 * the members of the tickets filed between two days (inclusive), of one city or of all.
 */
export const breachBodySchema = z
  .object({
    what: requiredText(TEXT_LIMITS.comment, 'Say what happened', { multiLine: true }),
    occurredAt: dateTimeSchema,
    foundAt: dateTimeSchema,
    cityId: z.optional(z.nullable(idSchema)),
    ticketsFrom: isoDateSchema,
    ticketsTo: isoDateSchema,
  })
  .check(
    z.refine((body) => body.ticketsFrom <= body.ticketsTo, {
      message: 'The period ends before it starts',
      path: ['ticketsTo'],
    }),
    z.refine((body) => body.occurredAt <= body.foundAt, {
      message: 'A breach is found after it happens',
      path: ['foundAt'],
    }),
  );
export type BreachBody = z.infer<typeof breachBodySchema>;

export const breachSchema = z.object({
  id: idSchema,
  what: z.string(),
  occurredAt: dateTimeSchema,
  foundAt: dateTimeSchema,
  cityId: z.nullable(idSchema),
  ticketsFrom: isoDateSchema,
  ticketsTo: isoDateSchema,
  /** The members whose tickets the breach touches (counted when it was recorded). */
  affected: countSchema,
  memberNotice: z.string(),
  boardReport: z.string(),
  boardEmail: z.nullable(z.string()),
  status: z.enum(BREACH_STATUSES),
  recordedAt: dateTimeSchema,
  sentAt: z.nullable(dateTimeSchema),
});
export type Breach = z.infer<typeof breachSchema>;

export const breachResponseSchema = z.object({ breach: breachSchema });
export const breachesResponseSchema = z.object({ breaches: z.array(breachSchema) });

/** POST /privacy/breaches/{id}/send: the reviewed texts, and the Board's address for the report. */
export const sendBreachBodySchema = z.object({
  memberNotice: requiredText(NOTICE_TEXT_MAX, 'The notice to the members is required', { multiLine: true }),
  boardReport: requiredText(NOTICE_TEXT_MAX, 'The report to the Board is required', { multiLine: true }),
  boardEmail: emailSchema,
});
export type SendBreachBody = z.infer<typeof sendBreachBodySchema>;
