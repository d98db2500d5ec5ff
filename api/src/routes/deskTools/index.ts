/**
 * Desk tools (ADR 0065, ADR 0066): canned answers (staff read them, admins and city presidents
 * keep them) and complaints staff file for a member who phoned, walked in or wrote.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  cannedResponseInputSchema,
  cannedResponseResponseSchema,
  cannedResponsesQuerySchema,
  cannedResponsesResponseSchema,
  idParamsSchema,
  okResponseSchema,
  STAFF_ROLES,
} from 'shared-contracts/contracts';
import { currentUserOf } from '../../plugins/auth';
import {
  createCannedResponse,
  deleteCannedResponse,
  listCannedResponses,
  updateCannedResponse,
} from '../../services/deskTools/cannedResponses';
import { submitPartLimits } from '../../services/workflow/submitService';
import { bearerAuth, errorResponses } from '../errorResponses';
import { registerAssistedRoute } from './assisted';

export const deskToolRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: submitPartLimits(app.config.uploadMaxBytes) });
  const staff = app.requireUser(...STAFF_ROLES);
  const keepers = app.requireUser('admin', 'citypresident');

  app.get(
    API_PATHS.cannedResponses.list,
    {
      onRequest: staff,
      schema: {
        summary: 'The canned answers the caller may use, by title (every chapter’s and their own)',
        description:
          '`lang` (en, hi, mr) adds `shown`: the title and text in that language. `ticketId` picks the ' +
          "answers of every chapter and of the ticket's chapter, shows them in the member's language " +
          'unless `lang` says otherwise, and fills {memberName}, {ticketNumber}, {dueDate} and ' +
          '{officeBearer} for that ticket (404 for a ticket the caller may not see).',
        security: bearerAuth,
        querystring: cannedResponsesQuerySchema,
        response: { 200: cannedResponsesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCannedResponses(app.db, currentUserOf(request), request.query);
    },
  );

  app.post(
    API_PATHS.cannedResponses.create,
    {
      onRequest: keepers,
      schema: {
        summary: 'Add a canned answer (admins: any chapter or every chapter; a city president: their own)',
        security: bearerAuth,
        body: cannedResponseInputSchema,
        response: { 201: cannedResponseResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ cannedResponse: await createCannedResponse(app.db, currentUserOf(request), request.body) }),
  );

  app.put(
    API_PATHS.cannedResponses.byId,
    {
      onRequest: keepers,
      schema: {
        summary: 'Change a canned answer (403 CANNED_OTHER_CHAPTER for another chapter’s)',
        security: bearerAuth,
        params: idParamsSchema,
        body: cannedResponseInputSchema,
        response: { 200: cannedResponseResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      cannedResponse: await updateCannedResponse(
        app.db,
        currentUserOf(request),
        request.params.id,
        request.body,
        app.clock.now(),
      ),
    }),
  );

  app.delete(
    API_PATHS.cannedResponses.byId,
    {
      onRequest: keepers,
      schema: {
        summary: 'Remove a canned answer (403 CANNED_OTHER_CHAPTER for another chapter’s)',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteCannedResponse(app.db, currentUserOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  registerAssistedRoute(app);
};
