import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  idParamsSchema,
  STAFF_ROLES,
  staffInterestsResponseSchema,
  staffInterestsUpdateSchema,
  ticketActionRequestSchema,
  ticketResponseSchema,
  unmaskRequestSchema,
  unmaskResponseSchema,
} from 'shared-contracts/contracts';
import { tickets, users } from '../../db/schema';
import { notFound } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { recordAudit } from '../../services/audit';
import { readInterests, replaceInterests } from '../../services/recusal/interests';
import { IDENTITY_ROLES } from '../../services/recusal/shielding';
import { TICKET_NOT_FOUND } from '../../services/tickets/notFound';
import { actOnTicket } from '../../services/workflow/actions';
import { auditActorOf } from '../auditActor';
import { bearerAuth, bearerOrWriteToken, errorResponses } from '../errorResponses';

/**
 * Conflicts of interest and shielded identity (ADR 0048, ADR 0049): the staff's declarations, the
 * step of a holder who took a stage over from a recused one, and the audited unmask.
 */
export const recusalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    API_PATHS.users.myInterests,
    {
      onRequest: app.requireUser(...STAFF_ROLES),
      schema: {
        summary: 'The firms and projects the signed-in staff user declared, each dated',
        tags,
        security: bearerAuth,
        response: { 200: staffInterestsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ interests: await readInterests(app.db, currentUserOf(request).id) }),
  );

  app.put(
    API_PATHS.users.myInterests,
    {
      onRequest: app.requireUser(...STAFF_ROLES),
      schema: {
        summary: 'Replace the declarations (a kept one keeps its date; a new one is dated now); audited',
        tags,
        security: bearerAuth,
        body: staffInterestsUpdateSchema,
        response: { 200: staffInterestsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      const interests = await replaceInterests(
        app.db,
        user.id,
        request.body.interests,
        app.clock.now(),
        auditActorOf(request),
      );
      return { interests };
    },
  );

  app.get(
    API_PATHS.users.interests,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: "A user's declared firms and projects (admin)",
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: staffInterestsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, request.params.id));
      if (!user) throw notFound('User not found');
      return { interests: await readInterests(app.db, user.id) };
    },
  );

  app.post(
    API_PATHS.tickets.holderAction,
    {
      onRequest: app.allowApiToken('tickets:write', app.requireUser(...STAFF_ROLES)),
      schema: {
        summary: "Act on a ticket whose open stage a recusal handed to the caller, as that stage's role",
        description:
          'The transition table decides as the role of the stage the caller holds in the ticket’s city ' +
          '(the association president holding a city president’s review approves as the city president). ' +
          '403: the caller does not hold the open stage; otherwise as the role-specific action calls.',
        tags: ['tickets'],
        security: bearerOrWriteToken,
        params: idParamsSchema,
        body: ticketActionRequestSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { action, comment, version, visibility, applyToDuplicates } = request.body;
      const ticket = await actOnTicket(
        app.db,
        currentUserOf(request),
        request.params.id,
        { action, comment, version, visibility, applyToDuplicates, now: app.clock.now(), asHolder: true },
        app.outbox.notifier,
        auditActorOf(request),
      );
      return { ticket };
    },
  );

  app.post(
    API_PATHS.tickets.unmask,
    {
      onRequest: app.requireUser(...IDENTITY_ROLES),
      schema: {
        summary: "A ticket's member as the ticket names them, with the reason kept in the audit trail",
        description: 'For the association president and admins (ADR 0049). 400 without a reason.',
        tags: ['tickets'],
        security: bearerAuth,
        params: idParamsSchema,
        body: unmaskRequestSchema,
        response: { 200: unmaskResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({
          id: tickets.customerId,
          fullName: sql<string>`coalesce(${tickets.submitterName}, ${users.fullName})`,
          email: sql<string>`coalesce(${tickets.submitterEmail}, ${users.email})`,
          mobile: sql<string>`coalesce(${tickets.submitterMobile}, ${users.mobile})`,
        })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.customerId))
        .where(eq(tickets.id, request.params.id));
      if (!row) throw notFound(TICKET_NOT_FOUND);
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'ticket.unmask',
        targetType: 'ticket',
        targetId: request.params.id,
        detail: { reason: request.body.reason },
      });
      reply.header('cache-control', 'no-store');
      return { customer: row };
    },
  );
};
