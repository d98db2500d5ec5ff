import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  idParamsSchema,
  STAFF_ROLES,
  ticketLinkParamsSchema,
  ticketLinkRequestSchema,
  ticketLinksResponseSchema,
} from 'shared-contracts/contracts';
import { currentUserOf } from '../../plugins/auth';
import { linkTickets, unlinkTickets } from '../../services/projects/links';
import { bearerOrWriteToken, errorResponses } from '../errorResponses';

/**
 * Links between tickets (ADR 0056): staff who may see both tickets mark one a duplicate of the
 * other (its primary) or related to it, and remove the mark. `GET /tickets/{id}` lists them.
 */
export const ticketLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.allowApiToken('tickets:write', app.requireUser(...STAFF_ROLES));
  const tags = ['tickets'];

  app.post(
    API_PATHS.tickets.links,
    {
      onRequest: staff,
      schema: {
        summary: 'Mark the ticket a duplicate of (or related to) another; answers its links',
        description:
          'A duplicate points to one primary, which is not a duplicate itself (409 otherwise); linking ' +
          'again replaces the earlier link between the two.',
        tags,
        security: bearerOrWriteToken,
        params: idParamsSchema,
        body: ticketLinkRequestSchema,
        response: { 200: ticketLinksResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      links: await linkTickets(app.db, currentUserOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    API_PATHS.tickets.link,
    {
      onRequest: staff,
      schema: {
        summary: 'Remove the link between two tickets, whichever way it points; answers the links left',
        tags,
        security: bearerOrWriteToken,
        params: ticketLinkParamsSchema,
        response: { 200: ticketLinksResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      links: await unlinkTickets(app.db, currentUserOf(request), request.params.id, request.params.otherId),
    }),
  );
};
