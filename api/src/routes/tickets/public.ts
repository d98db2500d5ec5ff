/**
 * The public ticket calls (docs/product.md#calls, docs/architecture.md#security-decisions): the submit, and the private reads that open
 * with a link's key (`X-Access-Key`) or a token allowed to see the ticket:
 *
 * - GET /tickets/{id}: the ticket's key, its member's key, staff in scope, or the member signed in;
 * - GET /tickets/user/{id} and /latest: the member's key, staff (their scope), or the member.
 *
 * A missing ticket and one the caller may not see get the same 404. Link viewers see the member's
 * mobile and email masked; signed-in viewers in full.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_KEY_HEADER,
  API_PATHS,
  idParamsSchema,
  pagingQuerySchema,
  ticketResponseSchema,
  userTicketsResponseSchema,
} from 'shared-contracts/contracts';
import { recordAudit } from '../../services/audit';
import { withLinks } from '../../services/projects/links';
import { seesContactDetails } from '../../services/tickets/access';
import { openLatestMemberTicket, openMemberTickets, openTicket } from '../../services/tickets/accessReads';
import { submitPartLimits } from '../../services/workflow/submitService';
import { auditActorOf } from '../auditActor';
import { linkOrToken } from '../errorResponses';
import { lookupViewer, publicErrors } from './publicAccess';
import { registerSubmitRoute } from './publicSubmit';
import { registerSubmitFormRoutes } from './publicSubmitForm';

const accessDescription =
  `Open with the ticket's or its member's secret in \`${ACCESS_KEY_HEADER}\` (contact details masked), or a ` +
  'bearer token of staff who may see it or of the member (in full). Missing and not allowed: the same 404. ' +
  'Lookups without a staff token are limited per client address (LOOKUP_MAX_PER_IP per LOOKUP_WINDOW_MS).';

export const publicTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: submitPartLimits(app.config.uploadMaxBytes) });
  registerSubmitRoute(app);
  registerSubmitFormRoutes(app);

  const tags = ['tickets'];

  app.get(
    API_PATHS.tickets.byId,
    {
      schema: {
        security: linkOrToken,
        summary: 'One ticket with its history and attachments (private link or token)',
        description: accessDescription,
        tags,
        params: idParamsSchema,
        response: { 200: ticketResponseSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { ticket, access } = await openTicket(
        app.db,
        await lookupViewer(app, request, reply),
        request.params.id,
        app.clock.now(),
      );
      // Staff see the member's contact details in full: the trail records who read them.
      if (access.audience === 'staff') {
        await recordAudit(app.db, {
          actor: auditActorOf(request, access),
          action: 'ticket.read',
          targetType: 'ticket',
          targetId: ticket.id,
        });
      }
      reply.header('cache-control', 'no-store');
      // Its links (ADR 0056): both ways for staff, only how many for the member.
      return { ticket: await withLinks(app.db, ticket, access.audience) };
    },
  );

  app.get(
    API_PATHS.tickets.byUser,
    {
      schema: {
        security: linkOrToken,
        summary: "A member's tickets, newest first (the member's private link or a token)",
        description: `${accessDescription} A ticket's own key does not open the list.`,
        tags,
        params: idParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: userTicketsResponseSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await lookupViewer(app, request, reply);
      const { user, tickets, total } = await openMemberTickets(
        app.db,
        viewer,
        request.params.id,
        request.query,
      );
      if (viewer.actor && viewer.actor.id !== user.id && seesContactDetails(viewer.actor)) {
        await recordAudit(app.db, {
          actor: auditActorOf(request),
          action: 'member.read',
          targetType: 'user',
          targetId: request.params.id,
        });
      }
      reply.header('cache-control', 'no-store');
      return { user, tickets, total };
    },
  );

  app.get(
    API_PATHS.tickets.latestByUser,
    {
      schema: {
        security: linkOrToken,
        summary: "A member's newest ticket (the member's private link or a token)",
        description: accessDescription,
        tags,
        params: idParamsSchema,
        response: { 200: ticketResponseSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await lookupViewer(app, request, reply);
      const ticket = await openLatestMemberTicket(app.db, viewer, request.params.id);
      if (viewer.actor && viewer.actor.id !== request.params.id && seesContactDetails(viewer.actor)) {
        await recordAudit(app.db, {
          actor: auditActorOf(request),
          action: 'member.read',
          targetType: 'user',
          targetId: request.params.id,
          detail: { latest: true },
        });
      }
      reply.header('cache-control', 'no-store');
      return { ticket };
    },
  );
};
