/**
 * The conversation on a ticket and the messages sent about it (docs/architecture.md#conversation-and-notifications):
 * replies and internal notes, the messages the outbox delivered, and the emailed member link.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { coercedIdSchema, countSchema, dateTimeSchema, emailSchema, idSchema, requiredText } from './common';
import { commentVisibilitySchema, ticketCommentSchema } from './tickets';

/** The message when a reply is sent without text. */
export const REPLY_TEXT_REQUIRED_MESSAGE = 'Reply text is required';

/**
 * POST /tickets/{id}/replies body: JSON, or multipart with the same fields as strings and the file
 * as `attachment` (the submit's upload rules). Staff choose `public` (the default) or `internal`;
 * a member's reply is always public, whatever `visibility` says.
 */
export const ticketReplyRequestSchema = z.object({
  text: requiredText(TEXT_LIMITS.comment, REPLY_TEXT_REQUIRED_MESSAGE, { multiLine: true }),
  visibility: z.optional(commentVisibilitySchema),
  /** Staff: the canned answer the reply was started from (ADR 0065), counted for the reports. */
  cannedResponseId: z.optional(coercedIdSchema),
});
export type TicketReplyRequest = z.infer<typeof ticketReplyRequestSchema>;
export type TicketReplyRequestInput = z.input<typeof ticketReplyRequestSchema>;

/** The multipart text fields of a reply (the file part is `attachment`, as on the submit). */
export const REPLY_FORM_FIELDS = [
  'text',
  'visibility',
  'cannedResponseId',
] as const satisfies readonly (keyof TicketReplyRequest)[];

/** POST /tickets/{id}/replies answer (201): the new history entry. */
export const ticketReplyResponseSchema = z.object({ entry: ticketCommentSchema });
export type TicketReplyResponse = z.infer<typeof ticketReplyResponseSchema>;

/** The ways a message reaches someone. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp', 'webhook'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS);

/**
 * A message's state: `queued` (waiting for its first or next attempt), `sent`, `failed` (gave up
 * after 24 h of retries; an admin may retry it), `held` (no way to send it is configured, e.g. no
 * `SMTP_URL` in production: kept, never dropped).
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'held'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);

/** What a message is about: the events that notify someone (docs/architecture.md#conversation-and-notifications). */
export const MESSAGE_EVENTS = [
  'ticket.submitted',
  'ticket.status_changed',
  'ticket.handed_off',
  'ticket.replied',
  'member.link_requested',
  'ticket.link_rotated',
  'member.link_rotated',
  'ticket.reminder',
  'ticket.escalated',
  'ticket.interim_reply',
  'report.monthly',
  // The member's last word (ADR 0038).
  'rating.requested',
  'appeal.filed',
  'appeal.decided',
  'ticket.reopened',
  'ticket.transferred',
  // The member's personal data (ADR 0050).
  'privacy.answered',
  'privacy.retention_notice',
  // A breach's notice to an affected member and its report to the Board (ADR 0069).
  'privacy.breach',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];
export const messageEventSchema = z.enum(MESSAGE_EVENTS);

/**
 * One message sent (or to be sent) about a ticket. `to` is masked (`r***@example.com`,
 * `98******10`) even for staff; `sentAt` is null until it is sent.
 */
export const ticketMessageSchema = z.object({
  id: idSchema,
  channel: messageChannelSchema,
  to: z.string(),
  event: messageEventSchema,
  status: messageStatusSchema,
  attempts: countSchema,
  sentAt: z.nullable(dateTimeSchema),
  createdAt: z.optional(dateTimeSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** GET /tickets/{id}/messages answer (staff who may see the ticket), oldest first. */
export const ticketMessagesResponseSchema = z.object({ messages: z.array(ticketMessageSchema) });
export type TicketMessagesResponse = z.infer<typeof ticketMessagesResponseSchema>;

/** A message as admins see it in the list of failed ones: which ticket, and why it failed. */
export const failedMessageSchema = z.extend(ticketMessageSchema, {
  ticketId: z.nullable(idSchema),
  lastError: z.nullable(z.string()),
});
export type FailedMessage = z.infer<typeof failedMessageSchema>;

/** GET /messages/failed answer (admins), newest first. */
export const failedMessagesResponseSchema = z.object({ messages: z.array(failedMessageSchema) });
export type FailedMessagesResponse = z.infer<typeof failedMessagesResponseSchema>;

/** POST /messages/{id}/retry answer (admins): the message, queued again for now. */
export const retryMessageResponseSchema = z.object({ message: failedMessageSchema });
export type RetryMessageResponse = z.infer<typeof retryMessageResponseSchema>;

/** POST /members/links body: the address to send a fresh member link to. */
export const memberLinkRequestSchema = z.object({ email: emailSchema });
export type MemberLinkRequest = z.infer<typeof memberLinkRequestSchema>;

/** POST /members/links answer (202), the same whether or not the address has tickets. */
export const memberLinkResponseSchema = z.object({ ok: z.literal(true) });
export type MemberLinkResponse = z.infer<typeof memberLinkResponseSchema>;
