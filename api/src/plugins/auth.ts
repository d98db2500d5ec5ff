import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Role } from 'shared-contracts/contracts';
import type { Config } from '../config';
import { HttpError } from '../httpError';
import { makeDummyHash } from '../services/passwords';
import { OutcomeLinks } from '../services/tickets/outcomeLinks';
import { ViewLinks } from '../services/tickets/viewLinks';
import { resolveTokenSecret } from '../services/tokenSecret';
import { InvalidTokenError, type TokenClaims, TokenService } from '../services/tokens';
import { findSessionUser, type UserRecord } from '../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** The short-lived links the View button opens a stored file with (under the same secret). */
    viewLinks: ViewLinks;
    /** The rating email's link to one ticket, until its last-word windows end (same secret). */
    outcomeLinks: OutcomeLinks;
    /** Verified against when an email is unknown or inactive, so sign-in timing reveals nothing. */
    dummyPasswordHash: string;
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
  }
  interface FastifyRequest {
    /** The signed-in user (set by requireUser), read from the database on every request. */
    currentUser: UserRecord | null;
    /** The claims of a token whose signature and expiry are valid (set by requireToken). */
    tokenClaims: TokenClaims | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_.~+/-]+=*) *$/i;

function unauthorized(message: string): HttpError {
  return new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer' });
}

/** The answer to a token whose user is gone, inactive, or has another role or token version. */
export function invalidSession(): HttpError {
  return unauthorized('Your session is no longer valid: sign in again');
}

/** The token's claims of a request: requireToken has run on every route that reads them. */
export function tokenClaimsOf(request: FastifyRequest): TokenClaims {
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

  app.decorateRequest('currentUser', null);
  app.decorateRequest('tokenClaims', null);

  const claimsOf = async (request: FastifyRequest): Promise<TokenClaims> => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Sign in to continue');
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthorized('Invalid token');
    try {
      return await app.tokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(error.message);
      throw error;
    }
  };

  const checkUser = async (request: FastifyRequest, claims: TokenClaims): Promise<void> => {
    const user = await findSessionUser(app.runSql, claims.userId);
    const valid = user?.isActive && user.tokenVersion === claims.tokenVersion && user.role === claims.role;
    if (!valid) throw invalidSession();
    request.currentUser = user;
  };

  const authenticate: onRequestAsyncHookHandler = async (request) => {
    await checkUser(request, await claimsOf(request));
  };

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
        request.tokenClaims = claims;
        return;
      }
      await checkUser(request, claims);
      throw new HttpError(403, 'You do not have permission to do this');
    };
    return [tokenOfRole];
  });
}
