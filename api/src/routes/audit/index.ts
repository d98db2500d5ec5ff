/**
 * The audit trail for admins (ADR 0031, docs/security.md "Audit trail"): one page with filters,
 * and every matching entry as a streamed CSV file. The rotations of the private links' keys
 * (staff) write to it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  auditFilterSchema,
  auditListResponseSchema,
  auditQuerySchema,
  idParamsSchema,
  memberKeyRotationSchema,
  STAFF_ROLES,
  shareKeyRotationSchema,
} from 'shared-contracts/contracts';
import * as z from 'zod';
import { currentUserOf } from '../../plugins/auth';
import { auditCsvStream, listAudit } from '../../services/audit';
import { rotateMemberKey, rotateTicketShareKey } from '../../services/workflow/linkRotation';
import { auditActorOf } from '../auditActor';
import { bearerAuth, errorResponses } from '../errorResponses';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireUser('admin');

  app.get(
    API_PATHS.audit.list,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'The audit trail, newest first (admins): filter by actor, action, ticket, user, days',
        description:
          '`from` and `to` are UTC days, both included. Kept at least a year; rows are never changed.',
        tags: ['audit'],
        security: bearerAuth,
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAudit(app.db, request.query);
    },
  );

  app.get(
    API_PATHS.audit.export,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'The audit trail as CSV (admins), with the same filters',
        description:
          'UTF-8 with a byte order mark, streamed; a cell a spreadsheet would read as a formula starts ' +
          'with an apostrophe.',
        tags: ['audit'],
        security: bearerAuth,
        querystring: auditFilterSchema,
        response: { 200: z.unknown().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-trail.csv"',
          'cache-control': 'no-store',
        })
        .send(auditCsvStream(app.db, request.query)),
  );

  app.post(
    API_PATHS.tickets.shareKey,
    {
      onRequest: app.requireUser(...STAFF_ROLES),
      schema: {
        summary: "Rotate a ticket's share key (staff who may see the ticket)",
        description:
          'The old share link stops at once. Answers the new link; the member is sent it by email ' +
          '(`memberNotified`). Missing and not allowed: the same 404.',
        tags: ['tickets'],
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: shareKeyRotationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = currentUserOf(request);
      const rotated = await rotateTicketShareKey(
        app.db,
        app.outbox.notifier,
        staff,
        auditActorOf(request),
        request.params.id,
      );
      request.log.info({ ticketId: request.params.id }, 'share key rotated');
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );

  app.post(
    API_PATHS.members.key,
    {
      onRequest: app.requireUser(...STAFF_ROLES),
      schema: {
        summary: "Rotate a member's key (staff who may see the member's tickets)",
        description:
          "The member's old link stops at once; the new one goes to the member by email only (it opens " +
          'all their tickets). Staff of every city, or of a city where the member has a ticket. ' +
          'Missing and not allowed: the same 404.',
        tags: ['tickets'],
        security: bearerAuth,
        params: idParamsSchema,
        response: { 202: memberKeyRotationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = currentUserOf(request);
      const rotated = await rotateMemberKey(
        app.db,
        app.outbox.notifier,
        staff,
        auditActorOf(request),
        request.params.id,
      );
      request.log.info({ memberId: request.params.id }, 'member key rotated');
      return reply.code(202).header('cache-control', 'no-store').send(rotated);
    },
  );
};
