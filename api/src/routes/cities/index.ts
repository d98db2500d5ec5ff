import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  assignCommitteeResponseSchema,
  assignCommitteeSchema,
  citiesResponseSchema,
  cityConvenorSchema,
  cityCreateSchema,
  cityResponseSchema,
  idParamsSchema,
} from 'shared-contracts/contracts';
import { assignCommittee, createCity, listCities, setConvenor, toCity } from '../../services/cities';
import { bearerAuth, errorResponses } from '../errorResponses';

/** docs/product.md#calls Cities: reading is public (the submit form), writing is for admins. */
export const cityRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireUser('admin');
  const tags = ['cities'];

  app.get(
    API_PATHS.cities.list,
    {
      schema: { summary: 'Every city, by name', tags, response: { 200: citiesResponseSchema } },
    },
    async () => ({ cities: (await listCities(app.db)).map(toCity) }),
  );

  app.post(
    API_PATHS.cities.create,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Create a city (names are unique whatever their case)',
        tags,
        security: bearerAuth,
        body: cityCreateSchema,
        response: { 201: cityResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const city = await createCity(app.db, request.body.name);
      return reply.code(201).send({ city: toCity(city) });
    },
  );

  app.post(
    API_PATHS.cities.assignCommittee,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Give the city {id} a committee (again is harmless)',
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        body: assignCommitteeSchema,
        response: { 200: assignCommitteeResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assignCommittee(app.db, request.params.id, request.body.committeeId),
  );

  app.put(
    API_PATHS.cities.convenor,
    {
      onRequest: adminOnly,
      schema: {
        summary: "Set the city's convenor: an active convenor of that city",
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        body: cityConvenorSchema,
        response: { 200: cityResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      city: toCity(await setConvenor(app.db, request.params.id, request.body.convenorId)),
    }),
  );
};
