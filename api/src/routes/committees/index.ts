import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  committeeCreateSchema,
  committeeResponseSchema,
  committeesQuerySchema,
  committeesResponseSchema,
  idParamsSchema,
} from 'shared-contracts/contracts';
import { createCommittee, getCommittee, listCommittees } from '../../services/committees';
import { bearerAuth, errorResponses } from '../errorResponses';

/** docs/product.md#calls Committees: reading is public (the submit form), creating is for admins. */
export const committeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['committees'];

  app.get(
    API_PATHS.committees.list,
    {
      schema: {
        summary: 'Every committee by name, or only those of the city `cityId`',
        tags,
        querystring: committeesQuerySchema,
        response: { 200: committeesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ committees: await listCommittees(app.db, request.query.cityId) }),
  );

  app.get(
    API_PATHS.committees.byId,
    {
      schema: {
        summary: 'One committee',
        tags,
        params: idParamsSchema,
        response: { 200: committeeResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ committee: await getCommittee(app.db, request.params.id) }),
  );

  app.post(
    API_PATHS.committees.create,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: 'Create a committee (names are unique whatever their case)',
        tags,
        security: bearerAuth,
        body: committeeCreateSchema,
        response: { 201: committeeResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ committee: await createCommittee(app.db, request.body.name) }),
  );
};
