import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  cityPresidentsQuerySchema,
  cityPresidentsResponseSchema,
  idParamsSchema,
  userCreateSchema,
  userFilterQuerySchema,
  userFilterResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
  userUpdateSchema,
} from 'shared-contracts/contracts';
import {
  createUser,
  filterUsers,
  getUser,
  listCityPresidents,
  listUsers,
  toAdminUser,
  updateUser,
} from '../../services/users';
import { auditActorOf } from '../auditActor';
import { bearerAuth, errorResponses } from '../errorResponses';

/** docs/product.md#calls Users: User Management (admin only) and the city presidents list (any signed-in user). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireUser('admin');
  const tags = ['users'];

  app.get(
    API_PATHS.users.list,
    {
      // Also open to an API token with users:read (ADR 0063).
      onRequest: app.allowApiToken('users:read', adminOnly),
      schema: {
        summary: 'One page of users, by id (role filter, search over name, email, mobile and city)',
        tags,
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { users, total } = await listUsers(app.db, request.query);
      return { users: users.map(toAdminUser), total };
    },
  );

  app.get(
    API_PATHS.users.filter,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Every user of a role and/or a city (id or name)',
        tags,
        security: bearerAuth,
        querystring: userFilterQuerySchema,
        response: { 200: userFilterResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ users: (await filterUsers(app.db, request.query)).map(toAdminUser) }),
  );

  app.get(
    API_PATHS.users.byId,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'One user',
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ user: toAdminUser(await getUser(app.db, request.params.id)) }),
  );

  app.post(
    API_PATHS.users.create,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Create a user',
        description: 'The city is given by name (or id). One active city president per city (409).',
        tags,
        security: bearerAuth,
        body: userCreateSchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await createUser(app.db, request.body, auditActorOf(request));
      request.log.info({ userId: user.id, role: user.role }, 'user created');
      return reply.code(201).send({ user: toAdminUser(user) });
    },
  );

  app.post(
    API_PATHS.users.update,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Update a user (a blank password keeps the current one)',
        description:
          'Deactivating a user, or changing their role, email or password, revokes the tokens issued ' +
          'to them. The last active admin cannot be demoted or deactivated (409).',
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.params.id, request.body, auditActorOf(request));
      request.log.info({ userId: user.id, role: user.role, isActive: user.isActive }, 'user updated');
      return { user: toAdminUser(user) };
    },
  );

  app.get(
    API_PATHS.users.cityPresidents,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: 'Active city presidents, of one city (id or name) when given',
        tags,
        security: bearerAuth,
        querystring: cityPresidentsQuerySchema,
        response: { 200: cityPresidentsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const presidents = await listCityPresidents(app.db, request.query.city || undefined);
      return {
        users: presidents.map((user) => ({ id: user.id, fullName: user.fullName, city: user.cityName })),
      };
    },
  );
};
