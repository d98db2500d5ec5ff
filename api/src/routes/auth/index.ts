import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  authCheckResponseSchema,
  cityPresidentLookupResponseSchema,
  cityPresidentParamsSchema,
  loginAnswerSchema,
  loginRequestSchema,
  registerAdminRequestSchema,
  registerAdminResponseSchema,
} from 'shared-contracts/contracts';
import { HttpError, tooManyRequests } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { clientAddress } from '../../plugins/rateLimit';
import { rehashIfOutdated, verifyPassword } from '../../services/passwords';
import {
  adminExists,
  createAdmin,
  findUserForLogin,
  getCityPresident,
  toSessionUser,
} from '../../services/users';
import { bearerAuth, errorResponses } from '../errorResponses';
import { issueToken } from './issueToken';
import { staffSignInRoutes } from './staffSignIn';

/** The one answer for an unknown email, a wrong password and an inactive account. */
export const LOGIN_FAILED = 'Invalid email or password';

/** The header that carries HELPDESK_BOOTSTRAP_SECRET to POST /api/auth/register-admin in production. */
export const BOOTSTRAP_SECRET_HEADER = 'x-bootstrap-secret';

/** Compared as hashes: equal lengths for timingSafeEqual, and no timing hint about the secret. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The sign-in's account key: a hash of the client address and the email (any case), so the rate
 * limit's store names no one, and an account is limited per address, never alone.
 */
function accountKey(request: FastifyRequest): string {
  const { email } = request.body as { email: string };
  return createHash('sha256')
    .update(`${clientAddress(request)}\n${email.trim().toLowerCase()}`)
    .digest('base64url');
}

/** docs/product.md#calls Auth: sign-in, who am I, the first admin, a city's president. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { nodeEnv, bootstrapSecret } = app.config;
  /**
   * Failed sign-ins per client address, and per account from each address, in fixed windows of the
   * rate limit's store, so the limits hold across every api instance and nothing locks an account
   * for ever. The account limit is kept per address and account, never per account alone: someone
   * who guesses at an admin's password only slows down their own address, and the admin signs in
   * from theirs as usual. Each attempt takes its slots first, so concurrent guesses cannot slip past
   * the limit; a successful sign-in gives them back (ADR 0004, 0044).
   */
  const { maxPerIp, maxPerAccount, windowMs } = app.config.loginLimit;
  const perAddress = app.routeLimiter('ip', { max: maxPerIp, windowMs });
  const perAccount = app.routeLimiter('account', { max: maxPerAccount, windowMs }, accountKey);

  /**
   * Before the body is read: once an admin exists the call is gone (404, as for any unknown route);
   * in production it exists only with HELPDESK_BOOTSTRAP_SECRET set, and needs that secret.
   */
  const firstAdminDoor: onRequestAsyncHookHandler = async (request) => {
    const closedInProduction = nodeEnv === 'production' && !bootstrapSecret;
    if (closedInProduction || (await adminExists(app.db))) throw new HttpError(404, 'Not found');
    if (nodeEnv !== 'production' || !bootstrapSecret) return;
    const given = request.headers[BOOTSTRAP_SECRET_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, bootstrapSecret)) {
      throw new HttpError(403, 'The bootstrap secret is missing or wrong');
    }
  };

  app.post(
    API_PATHS.auth.login,
    {
      schema: {
        summary: 'Sign in with email and password',
        description:
          'An unknown email, a wrong password and an inactive account get the same 401 in about the same ' +
          'time. Failed attempts are limited per client address and per account (LOGIN_MAX_PER_IP, ' +
          'LOGIN_MAX_PER_ACCOUNT per LOGIN_WINDOW_MS); beyond them the answer is 429 with Retry-After. ' +
          'A user with a second factor gets `{ mfaRequired, challenge }` and no token: POST /api/auth/mfa ' +
          'with a code finishes the sign-in. Every token names a session of its own (POST /api/auth/logout ends it).',
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // All at once: on PostgreSQL they run on pooled connections of their own.
      const [byAddress, byAccount, user] = await Promise.all([
        perAddress.take(request),
        perAccount.take(request),
        findUserForLogin(app.db, email),
      ]);
      const waits = [byAddress, byAccount].flatMap((decision) =>
        decision.allowed ? [] : [decision.retryAfterSeconds],
      );
      if (waits.length > 0) throw tooManyRequests('sign-in attempts', Math.max(...waits));
      const usable = user?.isActive === true;
      // Always one argon2 verification, against a dummy hash when there is no usable account.
      const matches = await verifyPassword(usable ? user.passwordHash : app.dummyPasswordHash, password);
      if (!usable || !matches) throw new HttpError(401, LOGIN_FAILED);
      // Only failures count: the account starts afresh, the address gets its slot back.
      await Promise.all([perAccount.giveBack(request, { restart: true }), perAddress.giveBack(request)]);
      reply.header('cache-control', 'no-store');
      await rehashIfOutdated(app.db, user, password);
      const mfa = await app.mfa.state(user.id);
      if (mfa.enrolled) {
        // The password was right; the token waits for the code (ADR 0054).
        return {
          mfaRequired: true as const,
          challenge: await app.mfaChallenges.sign(user.id, user.tokenVersion),
        };
      }
      const token = await issueToken(app, request, user, false);
      const mustEnrol = (await app.mfa.requiredRoles()).includes(user.role);
      return { user: toSessionUser(user), token, ...(mustEnrol ? { mfaEnrolmentRequired: true } : {}) };
    },
  );

  await app.register(staffSignInRoutes);

  app.get(
    API_PATHS.auth.check,
    {
      onRequest: app.requireUser(),
      schema: {
        summary: 'Who the bearer token belongs to',
        tags: ['auth'],
        security: bearerAuth,
        response: { 200: authCheckResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ user: toSessionUser(currentUserOf(request)) }),
  );

  app.post(
    API_PATHS.auth.registerAdmin,
    {
      onRequest: firstAdminDoor,
      schema: {
        summary: 'Create the first admin (only while no admin exists)',
        description:
          'Bootstrap of a new installation: answers 404 as soon as any admin exists. In production it ' +
          `answers 404 unless HELPDESK_BOOTSTRAP_SECRET is set, and 403 without that secret in ${BOOTSTRAP_SECRET_HEADER}; ` +
          'the create-admin command (`npm run create-admin -w api`) is the usual way there.',
        tags: ['auth'],
        body: registerAdminRequestSchema,
        response: { 201: registerAdminResponseSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const admin = await createAdmin(app.db, request.body, { onlyIfNoAdmin: true });
      request.log.info({ userId: admin.id }, 'first admin registered');
      return reply.code(201).send({ user: toSessionUser(admin) });
    },
  );

  app.get(
    API_PATHS.auth.cityPresident,
    {
      schema: {
        summary: "A city's active city president, by city id or name",
        description: 'Public: the submit form fills its read-only City President field with it.',
        tags: ['auth'],
        params: cityPresidentParamsSchema,
        response: { 200: cityPresidentLookupResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const president = await getCityPresident(app.db, request.params.city);
      return { data: { fullName: president.fullName } };
    },
  );
};
