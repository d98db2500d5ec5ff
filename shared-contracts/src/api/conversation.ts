/**
 * The conversation calls (docs/architecture.md#conversation-and-notifications): replies and internal notes, the
 * ticket's history with visibility, the messages sent about it, the admins' failed messages, and
 * the emailed member link of /track.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  type FailedMessagesResponse,
  failedMessagesResponseSchema,
  type MemberLinkResponse,
  memberLinkResponseSchema,
  type RetryMessageResponse,
  retryMessageResponseSchema,
  type TicketMessagesResponse,
  type TicketReplyRequestInput,
  type TicketReplyResponse,
  ticketMessagesResponseSchema,
  ticketReplyResponseSchema,
} from '../schemas/conversation';
import { ATTACHMENT_FIELD } from '../schemas/tickets';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request } from './request';
import { getTicketHistory, ticketKeys } from './tickets';

/**
 * The query keys of these calls (ADR 0012). A ticket's history and messages live under its
 * `detail` key, so invalidating `ticketKeys.detail(id)` after a reply or an action refreshes them
 * too; the history key ends with the share key, like the ticket's.
 */
export const conversationKeys = {
  history: (ticketId: number, accessKey: string | null = null) =>
    [...ticketKeys.detail(ticketId), 'history', accessKey] as const,
  messages: (ticketId: number) => [...ticketKeys.detail(ticketId), 'messages'] as const,
  allMessages: ['messages'] as const,
  failedMessages: () => [...conversationKeys.allMessages, 'failed'] as const,
};

/** The cached GET /tickets/{id}/history (staff: every entry with its visibility; a key: public ones). */
export const ticketHistoryQuery = (ticketId: number, accessKey: string | null = null) =>
  queryOptions({
    queryKey: conversationKeys.history(ticketId, accessKey),
    queryFn: ({ signal }) =>
      getTicketHistory(ticketId, { accessKey, signal }).then((answer) => answer.history),
  });

/** The cached GET /tickets/{id}/messages (staff). */
export const ticketMessagesQuery = (ticketId: number) =>
  queryOptions({
    queryKey: conversationKeys.messages(ticketId),
    queryFn: ({ signal }) => getTicketMessages(ticketId, { signal }).then((answer) => answer.messages),
  });

/** The cached GET /messages/failed (admins). */
export const failedMessagesQuery = () =>
  queryOptions({
    queryKey: conversationKeys.failedMessages(),
    queryFn: ({ signal }) => listFailedMessages({ signal }).then((answer) => answer.messages),
  });

/**
 * POST /tickets/{id}/replies: JSON without a file, multipart with one (`attachment`). Staff send a
 * token (and may choose `internal`); a member sends the share key in `options.accessKey`.
 * Answers 201 with the new entry.
 */
export function postTicketReply(
  ticketId: number,
  body: TicketReplyRequestInput,
  attachment?: Blob | null,
  options: CallOptions = {},
): Promise<TicketReplyResponse> {
  const path = pathFor(API_PATHS.tickets.replies, { id: ticketId });
  if (!attachment) return request('post', path, ticketReplyResponseSchema, { ...options, json: body });
  const form = new FormData();
  form.append('text', body.text);
  if (body.visibility) form.append('visibility', body.visibility);
  if (body.cannedResponseId != null) form.append('cannedResponseId', String(body.cannedResponseId));
  form.append(ATTACHMENT_FIELD, attachment, (attachment as File).name ?? 'attachment');
  return request('post', path, ticketReplyResponseSchema, { ...options, body: form });
}

/** GET /tickets/{id}/messages (staff who may see the ticket): what was sent, to whom (masked), its state. */
export function getTicketMessages(
  ticketId: number,
  options: CallOptions = {},
): Promise<TicketMessagesResponse> {
  return request(
    'get',
    pathFor(API_PATHS.tickets.messages, { id: ticketId }),
    ticketMessagesResponseSchema,
    options,
  );
}

/** GET /messages/failed (admins): the messages the outbox gave up on. */
export function listFailedMessages(options: CallOptions = {}): Promise<FailedMessagesResponse> {
  return request('get', API_PATHS.messages.failed, failedMessagesResponseSchema, options);
}

/** POST /messages/{id}/retry (admins): queue a failed (or held) message again, due now. */
export function retryMessage(messageId: number, options: CallOptions = {}): Promise<RetryMessageResponse> {
  return request(
    'post',
    pathFor(API_PATHS.messages.retry, { id: messageId }),
    retryMessageResponseSchema,
    options,
  );
}

/**
 * POST /members/links (/track): emails a fresh member link to the address if it has tickets.
 * Answers 202 `{ ok: true }` whatever the address.
 */
export function requestMemberLink(email: string, options: CallOptions = {}): Promise<MemberLinkResponse> {
  return request('post', API_PATHS.members.links, memberLinkResponseSchema, { ...options, json: { email } });
}
