/**
 * The conversation calls (docs/architecture.md#conversation-and-notifications):
 *
 * - GET /tickets/{id}/history: staff in scope get every entry with its visibility; the ticket's or
 *   the member's key (or the member signed in) the public ones;
 * - POST /tickets/{id}/replies: JSON `{ text, visibility? }`, or multipart with the same fields
 *   and a file `attachment` (the submit's upload rules); staff choose public or internal, a
 *   member's reply is public; members are limited per ticket and per client address;
 * - GET /tickets/{id}/messages: staff in scope: the messages sent about the ticket.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ATTACHMENT_FIELD,
  idParamsSchema,
  REPLY_FORM_FIELDS,
  STAFF_ROLES,
  ticketHistoryResponseSchema,
  ticketMessagesResponseSchema,
  ticketReplyRequestSchema,
  ticketReplyResponseSchema,
} from 'shared-contracts/contracts';
import * as z from 'zod/mini';
import { HttpError, notFound, tooManyRequests as tooMany } from '../../httpError';
import { ticketMessages } from '../../services/outbox/outboxStore';
import { decideTicketAccess, findTicketGate, isStaff } from '../../services/tickets/access';
import { grantOf, openTicketHistory } from '../../services/tickets/accessReads';
import { TICKET_NOT_FOUND } from '../../services/tickets/notFound';
import { addReply, openReplyGate } from '../../services/workflow/replies';
import { submitPartLimits } from '../../services/workflow/submitService';
import { auditActorOf } from '../auditActor';
import { bearerAuth, errorResponses, linkOrToken, linkOrTokenOrWriteToken } from '../errorResponses';
import { lookupViewer, publicErrors } from './publicAccess';

/** The zod problems of a body as the api's `details`. */
function invalidBody(issues: { path: PropertyKey[]; message: string }[]): HttpError {
  return new HttpError(
    400,
    issues[0]?.message ?? 'Invalid request body',
    issues.map((issue) => ({ path: issue.path.map(String).join('.') || 'body', message: issue.message })),
  );
}

export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: submitPartLimits(app.config.uploadMaxBytes) });
  const { maxPerTicket, maxPerIp, windowMs } = app.config.replyLimit;
  const perTicket = app.routeLimiter('reply-ticket', { max: maxPerTicket, windowMs }, (request) =>
    String((request.params as { id: number }).id),
  );
  const perAddress = app.routeLimiter('reply-ip', { max: maxPerIp, windowMs });

  const tags = ['conversation'];

  app.get(
    API_PATHS.tickets.history,
    {
      schema: {
        security: linkOrToken,
        summary:
          "A ticket's history, oldest first (staff: every entry; a key or the member: the public ones)",
        tags,
        params: idParamsSchema,
        response: { 200: ticketHistoryResponseSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await lookupViewer(app, request, reply);
      reply.header('cache-control', 'no-store');
      return { history: await openTicketHistory(app.db, viewer, request.params.id) };
    },
  );

  app.post(
    API_PATHS.tickets.replies,
    {
      schema: {
        security: linkOrTokenOrWriteToken,
        summary: 'Reply on a ticket, or add an internal note (staff); a member replies publicly',
        description:
          'JSON `{ text, visibility? }`, or multipart with the fields `text`, `visibility` and a file ' +
          `\`${ATTACHMENT_FIELD}\` (the submit's upload rules). Staff who may see the ticket (token) choose ` +
          "`public` (default) or `internal`; the member (the ticket's or their `X-Access-Key`, or signed in) " +
          'always replies publicly. Members are limited per ticket (REPLY_MAX_PER_TICKET) and per client ' +
          'address (REPLY_MAX_PER_IP) per REPLY_WINDOW_MS. A public reply notifies the other side by email.',
        tags,
        params: idParamsSchema,
        // Absent for multipart (its fields are checked with the same schema below).
        body: z.nullish(ticketReplyRequestSchema),
        response: { 201: ticketReplyResponseSchema, ...publicErrors(400, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const ticketId = request.params.id;
      const viewer = await lookupViewer(app, request, reply, 'tickets:write');
      // The reply's one read of the ticket, before its body is read: who may reply, and its facts.
      const opened = await openReplyGate(app.db, ticketId);
      const decision = decideTicketAccess(viewer, opened?.gate);
      if (!decision.allowed || !opened) throw notFound(TICKET_NOT_FOUND);
      if (decision.audience === 'member') {
        for (const [limiter, what] of [
          [perTicket, 'replies on this ticket'],
          [perAddress, 'replies from your address'],
        ] as const) {
          const verdict = await limiter.take(request);
          if (!verdict.allowed) throw tooMany(what, verdict.retryAfterSeconds);
        }
      }
      let fields: Record<string, string | undefined>;
      let file = null;
      if (request.isMultipart()) {
        const form = await app.ticketSubmits.receiveForm(
          request.parts({ limits: submitPartLimits(app.config.uploadMaxBytes) }),
        );
        file = form.file;
        fields = Object.fromEntries(REPLY_FORM_FIELDS.map((name) => [name, form.fields[name] || undefined]));
      } else {
        if (!request.body) throw invalidBody([{ path: ['text'], message: 'Reply text is required' }]);
        fields = { ...request.body, cannedResponseId: request.body.cannedResponseId?.toString() };
      }
      try {
        const parsed = ticketReplyRequestSchema.safeParse(fields);
        if (!parsed.success) throw invalidBody(parsed.error.issues);
        const checked = await app.ticketSubmits.checkFile(file);
        const author = {
          audience: decision.audience,
          actor: viewer.actor && isStaff(viewer.actor) ? (request.currentUser ?? null) : null,
        };
        const entry = await addReply(
          app.db,
          app.ticketSubmits,
          app.outbox.notifier,
          opened,
          author,
          { ...parsed.data, file, checked },
          auditActorOf(request, grantOf(decision, opened.gate)),
        );
        file = null; // addReply removed or kept it
        request.log.info({ ticketId, visibility: entry.visibility }, 'reply added');
        return reply.code(201).header('cache-control', 'no-store').send({ entry });
      } finally {
        if (file) await app.ticketSubmits.discard(file);
      }
    },
  );

  app.get(
    API_PATHS.tickets.messages,
    {
      onRequest: app.requireUser(...STAFF_ROLES),
      schema: {
        summary: 'The messages sent about a ticket (staff who may see it): channel, masked recipient, state',
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: ticketMessagesResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = { actor: request.currentUser, accessKey: null };
      const decision = decideTicketAccess(viewer, await findTicketGate(app.db, request.params.id));
      if (!decision.allowed || decision.audience !== 'staff') throw notFound(TICKET_NOT_FOUND);
      const messages = await ticketMessages(app.db, request.params.id);
      // A shielded member's address, even masked, is not the chapter's to see (ADR 0049).
      return {
        messages: decision.shield ? messages.map((message) => ({ ...message, to: '***' })) : messages,
      };
    },
  );
};
