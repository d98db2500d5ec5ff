/**
 * Staff sign-in as a bank would (ADR 0053, 0054): sign-out, the sessions behind tokens, the TOTP
 * second factor and its enrolment, and what admins do about them (the roles that must use it, a
 * user's reset, ending all of a user's sessions).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  idParamsSchema,
  loginResponseSchema,
  mfaConfirmRequestSchema,
  mfaConfirmResponseSchema,
  mfaEnrollResponseSchema,
  mfaPolicySchema,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  okResponseSchema,
  sessionsEndedResponseSchema,
  staffSessionsResponseSchema,
} from 'shared-contracts/contracts';
import { HttpError, notFound, tooManyRequests } from '../../httpError';
import { currentUserOf, invalidSession } from '../../plugins/auth';
import { recordAudit } from '../../services/audit';
import { wrongCode } from '../../services/mfa';
import { endAllSessions, endSession, listLiveSessions, sessionTimes } from '../../services/sessions';
import { findSessionUser, getUser, toSessionUser } from '../../services/users';
import { auditActorOf } from '../auditActor';
import { bearerAuth, errorResponses } from '../errorResponses';
import { issueToken } from './issueToken';

/** The session id of the token of a request that passed requireUser. */
function sessionIdOf(request: FastifyRequest): number {
  const claims = request.sessionClaims;
  if (!claims) throw invalidSession();
  return claims.sessionId;
}

/** The rate limit's key for codes: the user the challenge names (read unverified: only a key). */
function challengeUserKey(request: FastifyRequest): string {
  const { challenge } = (request.body ?? {}) as { challenge?: unknown };
  const payload = typeof challenge === 'string' ? challenge.split('.')[1] : undefined;
  let subject = '';
  try {
    subject = String(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')).sub ?? '');
  } catch {
    subject = '';
  }
  return createHash('sha256').update(`mfa\n${subject}`).digest('base64url');
}

export const staffSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { maxPerAccount, maxPerIp, windowMs } = app.config.loginLimit;
  // Wrong codes count like wrong passwords: per user (whoever asks) and per address.
  const codesPerUser = app.routeLimiter('mfa-user', { max: maxPerAccount, windowMs }, challengeUserKey);
  const codesPerAddress = app.routeLimiter('mfa-ip', { max: maxPerIp, windowMs });
  const timesNow = () => sessionTimes(app.clock.now(), app.sessionPolicy);

  app.post(
    API_PATHS.auth.logout,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: 'Sign out: the token stops working at once',
        tags: ['auth'],
        security: bearerAuth,
        response: { 200: okResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await endSession(app.db, currentUserOf(request).id, sessionIdOf(request), 'logout', app.clock.now());
      return { ok: true as const };
    },
  );

  app.get(
    API_PATHS.auth.sessions,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: "The caller's live sessions (device, address, last use), most recent first",
        tags: ['auth'],
        security: bearerAuth,
        response: { 200: staffSessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const current = sessionIdOf(request);
      const rows = await listLiveSessions(app.db, currentUserOf(request).id, timesNow());
      reply.header('cache-control', 'no-store');
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: row.device,
          address: row.clientAddress,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === current,
        })),
      };
    },
  );

  app.delete(
    API_PATHS.auth.session,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: "Ends one of the caller's sessions (its token stops working at once)",
        tags: ['auth'],
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const ended = await endSession(
        app.db,
        currentUserOf(request).id,
        request.params.id,
        'user',
        app.clock.now(),
      );
      if (!ended) throw notFound('Session not found');
      return { ok: true as const };
    },
  );

  app.post(
    API_PATHS.auth.mfa,
    {
      schema: {
        summary: "Finish a sign-in with the second factor's code (or a recovery code)",
        description:
          'The challenge comes from POST /api/auth/login and is good for 5 minutes. A code is accepted ' +
          'once; a recovery code once. Wrong codes count against the sign-in limits.',
        tags: ['auth'],
        body: mfaVerifyRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const [byUser, byAddress] = await Promise.all([
        codesPerUser.take(request),
        codesPerAddress.take(request),
      ]);
      const waits = [byUser, byAddress].flatMap((decision) =>
        decision.allowed ? [] : [decision.retryAfterSeconds],
      );
      if (waits.length > 0) throw tooManyRequests('sign-in attempts', Math.max(...waits));
      const { userId, tokenVersion } = await app.mfaChallenges.verify(request.body.challenge);
      const user = await findSessionUser(app.runSql, userId);
      if (!user?.isActive || user.tokenVersion !== tokenVersion) {
        throw new HttpError(401, 'The sign-in has expired: enter your email and password again');
      }
      if (!(await app.mfa.verify(user.id, request.body.code, app.clock.now()))) throw wrongCode();
      await Promise.all([
        codesPerUser.giveBack(request, { restart: true }),
        codesPerAddress.giveBack(request),
      ]);
      reply.header('cache-control', 'no-store');
      return { user: toSessionUser(user), token: await issueToken(app, request, user, true) };
    },
  );

  app.get(
    API_PATHS.auth.mfa,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: "The caller's second factor: set up or not, required for their role, recovery codes left",
        tags: ['auth'],
        security: bearerAuth,
        response: { 200: mfaStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      const [state, roles] = await Promise.all([app.mfa.state(user.id), app.mfa.requiredRoles()]);
      return { ...state, required: roles.includes(user.role) };
    },
  );

  app.post(
    API_PATHS.auth.mfaEnroll,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: 'Start setting up the second factor: the secret as a QR code URL and as text',
        description: 'Replaces a set-up not yet confirmed; 409 once a second factor is set up.',
        tags: ['auth'],
        security: bearerAuth,
        response: { 200: mfaEnrollResponseSchema, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUserOf(request);
      reply.header('cache-control', 'no-store');
      return app.mfa.enroll(user.id, user.email, app.clock.now());
    },
  );

  app.post(
    API_PATHS.auth.mfaConfirm,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: 'Confirm the second factor with a first code: ten one-time recovery codes, shown once',
        tags: ['auth'],
        security: bearerAuth,
        body: mfaConfirmRequestSchema,
        response: { 200: mfaConfirmResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUserOf(request);
      const recoveryCodes = await app.mfa.confirm(user.id, request.body.code, app.clock.now());
      request.log.info({ userId: user.id }, 'second factor set up');
      reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );

  app.get(
    API_PATHS.auth.mfaPolicy,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: 'The roles that must use a second factor',
        tags: ['auth'],
        security: bearerAuth,
        response: { 200: mfaPolicySchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ roles: await app.mfa.requiredRoles() }),
  );

  app.put(
    API_PATHS.auth.mfaPolicy,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: 'Choose the roles that must use a second factor',
        tags: ['auth'],
        security: bearerAuth,
        body: mfaPolicySchema,
        response: { 200: mfaPolicySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ roles: await app.mfa.setRequiredRoles(request.body.roles) }),
  );

  app.delete(
    API_PATHS.auth.userMfa,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: "Reset a user's second factor (they set it up again); audited",
        tags: ['auth'],
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await getUser(app.db, request.params.id);
      if (!(await app.mfa.reset(user.id))) throw notFound('This user has no second factor');
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'user.mfa_reset',
        targetType: 'user',
        targetId: user.id,
      });
      return { ok: true as const };
    },
  );

  app.delete(
    API_PATHS.auth.userSessions,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: 'End every session of a user (their tokens stop working at once); audited',
        tags: ['auth'],
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: sessionsEndedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await getUser(app.db, request.params.id);
      const ended = await endAllSessions(app.db, user.id, app.clock.now());
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'user.sessions_end',
        targetType: 'user',
        targetId: user.id,
        detail: { ended },
      });
      return { ended };
    },
  );
};
