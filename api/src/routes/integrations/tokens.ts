/**
 * API tokens (ADR 0063), admins only: list, create (the token is in the answer once), revoke.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTING_SCOPE,
  API_PATHS,
  type ApiTokenInput,
  apiTokenCreatedSchema,
  apiTokenInputSchema,
  apiTokensResponseSchema,
  idParamsSchema,
  okResponseSchema,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { HttpError } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { recordAudit } from '../../services/audit';
import {
  checkActingUser,
  cityExists,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from '../../services/integrations/apiTokens';
import { auditActorOf } from '../auditActor';
import { errorResponses } from '../errorResponses';

const ACTING_USER_PROBLEMS = {
  missing: 'No such user',
  notStaff: 'Must be a staff user',
  inactive: 'This user is deactivated',
  otherCity: "Must be a user of the token's city",
} as const;

/** A `tickets:write` token names the staff user it acts for; no other token names one (ADR 0079). */
async function checkActingUserInput(db: AppDatabase, input: ApiTokenInput): Promise<void> {
  const refuse = (message: string) => {
    throw new HttpError(400, 'Invalid input', [{ path: 'actingUserId', message }]);
  };
  const acting = input.scopes.includes(ACTING_SCOPE);
  if (!acting) {
    if (input.actingUserId != null) refuse(`Only a ${ACTING_SCOPE} token acts for a user`);
    return;
  }
  if (input.actingUserId == null) return refuse(`A ${ACTING_SCOPE} token must act for a staff user`);
  const { problem } = await checkActingUser(db, input.actingUserId, input.cityId ?? null);
  if (problem) refuse(ACTING_USER_PROBLEMS[problem]);
}

export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireUser('admin');

  app.get(
    API_PATHS.integrations.tokens,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Every API token, newest first (never its secret)',
        response: { 200: apiTokensResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { tokens: await listApiTokens(app.db) };
    },
  );

  app.post(
    API_PATHS.integrations.tokens,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Create an API token: the answer holds the token, shown this once',
        description:
          'Scopes: `tickets:read`, `tickets:write`, `reports:read`, `users:read`. With `cityId`, it reads that ' +
          "city's tickets and reports only; with `expiresAt`, it stops then. Send it as `Authorization: Bearer`. " +
          "With `tickets:write`, `actingUserId` names the active staff user (of the token's city, when it has " +
          "one) whose ticket steps it takes, under that user's role and city (ADR 0079).",
        body: apiTokenInputSchema,
        response: { 201: apiTokenCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const now = app.clock.now();
      if (input.expiresAt && new Date(input.expiresAt).getTime() <= now.getTime()) {
        const message = 'Must be in the future';
        throw new HttpError(400, 'Invalid input', [{ path: 'expiresAt', message }]);
      }
      if (input.cityId != null && !(await cityExists(app.db, input.cityId))) {
        throw new HttpError(400, 'Invalid input', [{ path: 'cityId', message: 'No such city' }]);
      }
      await checkActingUserInput(app.db, input);
      const created = await createApiToken(app.db, input, currentUserOf(request).id, now);
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'api_token.create',
        targetType: 'api_token',
        targetId: created.id,
        detail: {
          scopes: input.scopes,
          cityId: input.cityId ?? null,
          actingUserId: input.actingUserId ?? null,
        },
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.delete(
    API_PATHS.integrations.token,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Revoke an API token: it stops on its next request',
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await revokeApiToken(app.db, id, app.clock.now()))) {
        throw new HttpError(404, 'No such API token, or it is revoked already');
      }
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'api_token.revoke',
        targetType: 'api_token',
        targetId: id,
      });
      return { ok: true as const };
    },
  );
};
