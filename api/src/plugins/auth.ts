import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ACTING_SCOPE, API_SCOPES, type ApiScope, type Role } from 'shared-contracts/contracts';
import type { Config } from '../config';
import { HttpError, tooManyRequests } from '../httpError';
import { tagOf } from '../routes/operations';
import { recordAudit } from '../services/audit';
import {
  type ApiTokenCaller,
  checkActingUser,
  findLiveApiToken,
  isApiToken,
} from '../services/integrations/apiTokens';
import { MfaChallenges, MfaService, SecretSealer } from '../services/mfa';
import { makeDummyHash } from '../services/passwords';
import {
  findUserOfSession,
  type SessionClaims,
  type SessionPolicy,
  type SessionTimes,
  sessionTimes,
  TOUCH_EVERY_MS,
  touchSession,
} from '../services/sessions';
import { OutcomeLinks } from '../services/tickets/outcomeLinks';
import { ViewLinks } from '../services/tickets/viewLinks';
import { resolveTokenSecret } from '../services/tokenSecret';
import { InvalidTokenError, type TokenClaims, TokenService } from '../services/tokens';
import type { UserRecord } from '../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** The short-lived links the View button opens a stored file with (under the same secret). */
    viewLinks: ViewLinks;
    /** The rating email's link to one ticket, until its last-word windows end (same secret). */
    outcomeLinks: OutcomeLinks;
    /** Verified against when an email is unknown or inactive, so sign-in timing reveals nothing. */
    dummyPasswordHash: string;
    /** The TOTP second factor and the policy of who must use it (ADR 0054). */
    mfa: MfaService;
    /** Seals the webhooks' signing secrets at rest (ADR 0064). */
    webhookSealer: SecretSealer;
    /** The challenges a right password gets when a code must follow. */
    mfaChallenges: MfaChallenges;
    /** The idle timeout and absolute lifetime of a session (ADR 0053). */
    sessionPolicy: SessionPolicy;
    /** onRequest hooks: a valid token of an active user, and, when roles are given, one of them. */
    requireUser(...roles: Role[]): onRequestAsyncHookHandler[];
    /**
     * onRequest hooks for a route whose own statement checks the user behind the token (lists, stats):
     * a valid signature, expiry and one of the roles, and nothing read from the database yet. The
     * route must check the user in its statement (`sessionUserSql`) and answer `invalidSession()`
     * when it is gone. A token of another role gets exactly what requireUser gives it (401 if its
     * session is no longer valid, else 403).
     */
    requireToken(...roles: Role[]): onRequestAsyncHookHandler[];
    /**
     * onRequest hooks of a route other systems may call with an API token holding `scope` (ADR
     * 0063): such a token is checked (live, in scope, within its rate limit), its use audited, and
     * `request.apiToken` set; any other bearer goes through `staff` (requireUser or requireToken).
     * With `tickets:write` (ADR 0079) the token acts for its staff user: `request.currentUser` is
     * that user and `staff`'s role checks run on them (`staff` is then requireUser's).
     */
    allowApiToken(scope: ApiScope, staff: onRequestAsyncHookHandler[]): onRequestAsyncHookHandler[];
    /**
     * An API token sent to a route that allows it with `scope` without a guard of its own (a reply
     * takes a link key or a bearer): checked as allowApiToken checks it, `request.apiToken` and, for
     * `tickets:write`, `request.currentUser` set.
     */
    takeApiToken(request: FastifyRequest, bearer: string, scope: ApiScope): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user (set by requireUser), read from the database on every request. */
    currentUser: UserRecord | null;
    /** The claims of a token whose signature and expiry are valid (set by requireToken). */
    tokenClaims: SessionClaims | null;
    /** The claims of the token of a request that passed requireUser (its session id: sign-out, /profile). */
    sessionClaims: TokenClaims | null;
    /** The caller of an API token on a route that allows it (set by allowApiToken). */
    apiToken: ApiTokenCaller | null;
  }
}

/** An OpenAPI security requirement: scheme name → scopes. */
export type SecurityRequirement = Record<string, string[]>;

/** The guards' security requirements, as the OpenAPI document states them (plugins/docs.ts). */
const securityOfGuard = new WeakMap<object, SecurityRequirement[]>();

function documented<T extends object>(guard: T, security: SecurityRequirement[]): T {
  securityOfGuard.set(guard, security);
  return guard;
}

/** The security of a route as its guards (its `onRequest` hooks) define it; undefined without a guard. */
export function documentedSecurityOf(hooks: readonly unknown[]): SecurityRequirement[] | undefined {
  for (const hook of hooks) {
    const security = typeof hook === 'function' ? securityOfGuard.get(hook) : undefined;
    if (security) return security;
  }
  return undefined;
}

const BEARER = /^Bearer +([A-Za-z0-9_.~+/-]+=*) *$/i;

function unauthorized(message: string): HttpError {
  return new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer' });
}

/**
 * The scope a route needs of an API token, as named in a refusal: its resource (the operation's
 * tag) and whether it reads or writes; null when no scope opens it.
 */
export function scopeOfRoute(method: string, url: string): ApiScope | null {
  const scope = `${tagOf(url)}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;
  return (API_SCOPES as readonly string[]).includes(scope) ? (scope as ApiScope) : null;
}

/**
 * 403 for an API token on a route its scopes do not open (ADR 0063): `scope` is what the route
 * needs; `held` whether the token has it (the route is then one no API token may call).
 */
export function outsideScope(scope: ApiScope | null, held: boolean): HttpError {
  const message =
    scope && !held ? `This API token lacks the scope ${scope}` : 'API tokens cannot use this call';
  return new HttpError(403, message, [{ path: 'authorization', message, code: 'SCOPE', scope }]);
}

/** The answer to a token whose user is gone, inactive, or has another role or token version. */
export function invalidSession(): HttpError {
  return unauthorized('Your session is no longer valid: sign in again');
}

/** The token's claims of a request: requireToken has run on every route that reads them. */
export function tokenClaimsOf(request: FastifyRequest): SessionClaims {
  if (!request.tokenClaims) throw unauthorized('Sign in to continue');
  return request.tokenClaims;
}

/** The signed-in user of a request: requireUser has run on every route that reads it. */
export function currentUserOf(request: FastifyRequest): UserRecord {
  if (!request.currentUser) throw unauthorized('Sign in to continue');
  return request.currentUser;
}

/**
 * Tokens and the guards routes put in their `onRequest`. Guards run before
 * the body is parsed or validated: a caller who may not use a route learns nothing about its input.
 *
 * A token is trusted only while the user it names is active and still has the token version and
 * role it was issued with, so deactivating a user or changing their role or password revokes every
 * token issued before, on the next request. The role always comes from the token and the user row,
 * never from anything the caller sends.
 */
export async function registerAuth(app: FastifyInstance, config: Config): Promise<void> {
  const { secret, generated } = await resolveTokenSecret(app.db, config.tokenSecret);
  if (generated) {
    app.log.info('HELPDESK_SECRET is not set: tokens are signed with a key generated into the database');
  }
  app.decorate('tokens', new TokenService(secret, config.tokenTtlSeconds));
  app.decorate('viewLinks', new ViewLinks(secret, app.clock));
  app.decorate('outcomeLinks', new OutcomeLinks(secret, app.clock));
  app.decorate('dummyPasswordHash', await makeDummyHash());
  app.decorate('mfa', new MfaService(app.db, new SecretSealer(secret)));
  app.decorate('webhookSealer', new SecretSealer(secret, 'webhook secret'));
  app.decorate('mfaChallenges', new MfaChallenges(secret, () => app.clock.now()));

  app.decorateRequest('currentUser', null);
  app.decorateRequest('tokenClaims', null);
  app.decorateRequest('sessionClaims', null);
  app.decorateRequest('apiToken', null);
  const apiTokenLimit = app.routeLimiter(
    'api-token',
    { max: config.rateLimit.apiTokenMax, windowMs: config.rateLimit.windowMs },
    (request) => String(request.apiToken?.id ?? 0),
  );
  /** The live API token of the request (401 when it is not), its use recorded in the audit trail. */
  const apiTokenOf = async (request: FastifyRequest, bearer: string, opened: ApiScope | null) => {
    const caller = await findLiveApiToken(app.db, bearer, app.clock.now());
    if (!caller) throw unauthorized('Invalid, expired or revoked API token');
    const scope = opened ?? scopeOfRoute(request.method, request.routeOptions.url ?? request.url);
    const held = scope !== null && caller.scopes.includes(scope);
    const allowed = opened !== null && held;
    await recordAudit(app.db, {
      actor: { userId: null, role: 'api_token', key: `api_token:${caller.id}`, address: request.ip ?? null },
      action: 'api_token.use',
      targetType: 'api_token',
      targetId: caller.id,
      detail: {
        method: request.method,
        route: request.routeOptions.url,
        scope,
        allowed,
        ...(caller.actingUserId === null ? {} : { actingUserId: caller.actingUserId }),
      },
    });
    if (!allowed) throw outsideScope(scope, held);
    return caller;
  };
  const sessionPolicy = {
    idleMinutes: config.sessionIdleMinutes,
    lifetimeSeconds: config.sessionMaxHours * 3600,
  };
  app.decorate('sessionPolicy', sessionPolicy);
  const timesNow = () => sessionTimes(app.clock.now(), sessionPolicy);
  /**
   * Sessions this process recorded a use of lately (lists and stats read no row to tell): the
   * database's condition keeps the write once a minute whatever the instances; this only saves the
   * statement. Bounded: forgotten whole when full.
   */
  const touchedAt = new Map<number, number>();
  const touch = async (sessionId: number, times: SessionTimes, lastUsedAt?: Date) => {
    const last = lastUsedAt?.getTime() ?? touchedAt.get(sessionId) ?? 0;
    if (times.now.getTime() - last < TOUCH_EVERY_MS) return;
    if (touchedAt.size >= 10_000) touchedAt.clear();
    touchedAt.set(sessionId, times.now.getTime());
    await touchSession(app.runSql, sessionId, times);
  };

  const claimsOf = async (request: FastifyRequest): Promise<TokenClaims> => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Sign in to continue');
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthorized('Invalid token');
    if (isApiToken(token)) {
      // A route that does not allow API tokens: 403 naming the scope it would need (or 401).
      await apiTokenOf(request, token, null);
    }
    try {
      return await app.tokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(error.message);
      throw error;
    }
  };

  const checkUser = async (request: FastifyRequest, claims: TokenClaims): Promise<void> => {
    const times = timesNow();
    const found = await findUserOfSession(app.runSql, claims, times);
    const valid = found?.isActive && found.tokenVersion === claims.tokenVersion && found.role === claims.role;
    if (!valid) throw invalidSession();
    const { lastUsedAt, ...user } = found;
    await touch(claims.sessionId, times, lastUsedAt);
    request.currentUser = user;
    request.sessionClaims = claims;
  };

  const authenticate: onRequestAsyncHookHandler = documented(
    async (request) => {
      await checkUser(request, await claimsOf(request));
    },
    [{ bearerAuth: [] }],
  );

  app.decorate('requireUser', (...roles: Role[]) => {
    if (roles.length === 0) return [authenticate];
    const authorize: onRequestAsyncHookHandler = async (request) => {
      if (!roles.includes(currentUserOf(request).role)) {
        throw new HttpError(403, 'You do not have permission to do this');
      }
    };
    return [authenticate, authorize];
  });

  app.decorate('requireToken', (...roles: Role[]) => {
    const tokenOfRole: onRequestAsyncHookHandler = async (request) => {
      const claims = await claimsOf(request);
      if (roles.includes(claims.role)) {
        const times = timesNow();
        request.tokenClaims = { ...claims, ...times };
        await touch(claims.sessionId, times);
        return;
      }
      await checkUser(request, claims);
      throw new HttpError(403, 'You do not have permission to do this');
    };
    return [documented(tokenOfRole, [{ bearerAuth: [] }])];
  });

  /** The staff user a tickets:write token acts for, as they are now (403 when they may not act). */
  const actingUserOf = async (caller: ApiTokenCaller): Promise<UserRecord> => {
    const checked =
      caller.actingUserId === null
        ? { user: undefined, problem: 'missing' as const }
        : await checkActingUser(app.db, caller.actingUserId, caller.cityId);
    if (checked.user && !checked.problem) return checked.user;
    const message =
      checked.problem === 'inactive'
        ? 'The staff user this API token acts for is deactivated'
        : 'This API token has no staff user it may act for';
    throw new HttpError(403, message, [{ path: 'authorization', message, code: 'ACTING_USER' }]);
  };

  const takeApiToken = async (request: FastifyRequest, bearer: string, scope: ApiScope) => {
    const caller = await apiTokenOf(request, bearer, scope);
    request.apiToken = caller;
    const decision = await apiTokenLimit.take(request);
    if (!decision.allowed) throw tooManyRequests('requests with this API token', decision.retryAfterSeconds);
    if (scope === ACTING_SCOPE) request.currentUser = await actingUserOf(caller);
  };
  app.decorate('takeApiToken', takeApiToken);

  app.decorate('allowApiToken', (scope: ApiScope, staff: onRequestAsyncHookHandler[]) => {
    const tokenOrStaff: onRequestAsyncHookHandler = async function (request, reply) {
      const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (bearer && isApiToken(bearer)) {
        await takeApiToken(request, bearer, scope);
        if (scope !== ACTING_SCOPE) return;
        // The token's user passes the route's role checks as if they had signed in.
        for (const hook of staff) if (hook !== authenticate) await hook.call(this, request, reply);
        return;
      }
      for (const hook of staff) await hook.call(this, request, reply);
    };
    return [documented(tokenOrStaff, [{ bearerAuth: [] }, { apiToken: [scope] }])];
  });
}
