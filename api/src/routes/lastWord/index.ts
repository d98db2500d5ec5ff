/**
 * The member's last word (docs/architecture.md#the-members-last-word, ADR 0038):
 *
 * - POST /tickets/{id}/rating, /reopen, /appeal: the member, by the ticket's or their key (or
 *   signed in as the member); staff get 403. Each answers the member's view of the ticket, with
 *   `lastWord` (what the member may do now);
 * - GET /appeals, POST /appeals/{id}/decision: the Credai President;
 * - POST /tickets/{id}/transfer: admin, or the city president of the ticket's city.
 *
 * A refusal of the workflow table is 409 with its stable code in `details[].code`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  appealDecisionRequestSchema,
  appealListQuerySchema,
  appealListResponseSchema,
  appealRequestSchema,
  appealResponseSchema,
  idParamsSchema,
  ratingRequestSchema,
  reopenRequestSchema,
  ticketResponseSchema,
  transferRequestSchema,
  UNAUTHORIZED_ROLE_REASON,
} from 'shared-contracts/contracts';
import { HttpError, notFound } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { seesIdentity } from '../../services/recusal/shielding';
import { decideTicketAccess, findTicketGate } from '../../services/tickets/access';
import { openTicket } from '../../services/tickets/accessReads';
import { listAppeals, withLastWord } from '../../services/tickets/lastWordView';
import { TICKET_NOT_FOUND } from '../../services/tickets/notFound';
import { readTicket } from '../../services/tickets/ticketReader';
import { decideAppeal } from '../../services/workflow/appealDecision';
import { appealTicket, rateTicket, reopenTicket } from '../../services/workflow/memberSteps';
import { transferTicket } from '../../services/workflow/transfer';
import { bearerAuth, bearerOrWriteToken, errorResponses, linkOrToken } from '../errorResponses';
import { runStaffStep } from '../staffStep';
import { lookupViewer } from '../tickets/publicAccess';

/** The member behind the request (by key, or signed in as the member): staff may not speak for them. */
async function memberOnly(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, id: number) {
  const viewer = await lookupViewer(app, request, reply);
  const decision = decideTicketAccess(viewer, await findTicketGate(app.db, id));
  if (!decision.allowed) throw notFound(TICKET_NOT_FOUND);
  if (decision.audience !== 'member') throw new HttpError(403, UNAUTHORIZED_ROLE_REASON);
  return viewer;
}

export const lastWordRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['last word'];
  const memberAnswer = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const viewer = await lookupViewer(app, request, reply);
    const { ticket } = await openTicket(app.db, viewer, id, app.clock.now());
    reply.header('cache-control', 'no-store');
    return { ticket };
  };
  const memberCall = {
    tags,
    security: linkOrToken,
    params: idParamsSchema,
    response: { 200: ticketResponseSchema, ...errorResponses(400, 403, 404, 409, 429) },
  };

  app.post(
    API_PATHS.tickets.rating,
    {
      schema: {
        ...memberCall,
        summary: "The member rates the ticket's outcome (1 to 5 stars): 3 or more close the case",
        body: ratingRequestSchema,
      },
    },
    async (request, reply) => {
      await memberOnly(app, request, reply, request.params.id);
      await rateTicket(app.db, request.params.id, request.body, app.clock.now());
      return memberAnswer(request, reply, request.params.id);
    },
  );

  // Reopen and appeal: a reason, the step, the member's view of the ticket.
  const reasonSteps = [
    {
      path: API_PATHS.tickets.reopen,
      summary: "The member reopens a resolved ticket within the chapter's window, once",
      body: reopenRequestSchema,
      step: reopenTicket,
    },
    {
      path: API_PATHS.tickets.appeal,
      summary: 'The member appeals to the Credai President (after a rejection or a low rating), once',
      body: appealRequestSchema,
      step: appealTicket,
    },
  ];
  for (const { path, summary, body, step } of reasonSteps) {
    app.post(path, { schema: { ...memberCall, summary, body } }, async (request, reply) => {
      await memberOnly(app, request, reply, request.params.id);
      await step(app.db, request.params.id, request.body.reason, app.clock.now(), app.outbox.notifier);
      return memberAnswer(request, reply, request.params.id);
    });
  }

  app.get(
    API_PATHS.appeals.list,
    {
      onRequest: app.requireUser('credaipresident'),
      schema: {
        summary: 'The appeals: open ones by due time, or decided ones (Credai President)',
        tags,
        security: bearerAuth,
        querystring: appealListQuerySchema,
        response: { 200: appealListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAppeals(app.db, request.query);
    },
  );

  app.post(
    API_PATHS.appeals.decision,
    {
      onRequest: app.allowApiToken('tickets:write', app.requireUser('credaipresident')),
      schema: {
        summary: 'Decide an appeal: uphold, remand (back to the city president) or dismiss, with reasons',
        tags,
        security: bearerOrWriteToken,
        params: idParamsSchema,
        body: appealDecisionRequestSchema,
        response: { 200: appealResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const appeal = await runStaffStep(app, request, decideAppeal);
      request.log.info({ appealId: appeal.id, outcome: appeal.outcome }, 'appeal decided');
      return { appeal };
    },
  );

  app.post(
    API_PATHS.tickets.transfer,
    {
      onRequest: app.allowApiToken('tickets:write', app.requireUser('admin', 'citypresident')),
      schema: {
        summary:
          "Transfer an open ticket to another city and/or committee (admin, the ticket's city president)",
        tags,
        security: bearerOrWriteToken,
        params: idParamsSchema,
        body: transferRequestSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await runStaffStep(app, request, transferTicket);
      // As the one who moved it reads it: a shielded member stays their alias to chapter staff.
      const ticket = await readTicket(app.db, request.params.id, {
        history: true,
        attachments: true,
        concern: true,
        shield: !seesIdentity(currentUserOf(request)),
      });
      if (!ticket) throw notFound(TICKET_NOT_FOUND);
      request.log.info({ ticketId: ticket.id, city: ticket.city }, 'ticket transferred');
      return { ticket: await withLastWord(app.db, ticket) };
    },
  );
};
