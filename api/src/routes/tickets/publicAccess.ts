/**
 * What the public ticket calls and the downloads share: who is asking (an optional token, the
 * `X-Access-Key` header), the per-address limits' 429, and the error answers they document.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_KEY_HEADER_LOWER, type ApiScope, errorAnswerSchema } from 'shared-contracts/contracts';
import * as z from 'zod/mini';
import { HttpError, tooManyRequests as tooMany } from '../../httpError';
import type { LimitDecision } from '../../plugins/rateLimit';
import { isApiToken } from '../../services/integrations/apiTokens';
import { isStaff, type Viewer } from '../../services/tickets/access';

/**
 * The signed-in user when the request carries a valid token, else null. An invalid or expired
 * token is ignored rather than refused: the private links work for anyone holding the key, even
 * in a browser that kept an old token. An API token is refused (403 naming the scope) unless the
 * call takes it (`apiTokenScope`): then a `tickets:write` token's user is the viewer (ADR 0079).
 */
async function viewerOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  apiTokenScope?: ApiScope,
): Promise<Viewer> {
  const header = request.headers[ACCESS_KEY_HEADER_LOWER];
  const accessKey = typeof header === 'string' && header.length > 0 ? header : null;
  const outcomeLinks = app.outcomeLinks;
  if (!request.headers.authorization) return { actor: null, accessKey, outcomeLinks };
  const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.authorization)?.[1];
  if (apiTokenScope && bearer && isApiToken(bearer)) {
    await app.takeApiToken(request, bearer, apiTokenScope);
    return { actor: request.currentUser, accessKey, outcomeLinks };
  }
  const [authenticate] = app.requireUser();
  try {
    await authenticate?.call(app, request, reply);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401)
      return { actor: null, accessKey, outcomeLinks };
    throw error;
  }
  return { actor: request.currentUser, accessKey, outcomeLinks };
}

/** The 429 of a per-address limit of the public calls (`what`: "submissions", "requests"). */
export function tooManyRequests(
  decision: Extract<LimitDecision, { allowed: false }>,
  what: string,
): HttpError {
  return tooMany(`${what} from your address`, decision.retryAfterSeconds);
}

/**
 * The viewer of a private lookup, counted against the lookup limit: every lookup without a staff
 * token counts (by link, by a member, or guessed). `apiTokenScope`: the API tokens the call takes.
 */
export async function lookupViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  apiTokenScope?: ApiScope,
): Promise<Viewer> {
  const viewer = await viewerOf(app, request, reply, apiTokenScope);
  if (viewer.actor && isStaff(viewer.actor)) return viewer;
  const decision = await app.lookupLimiter.take(request);
  if (!decision.allowed) throw tooManyRequests(decision, 'requests');
  return viewer;
}

/** OpenAPI descriptions of the error answers of the public calls. */
export function publicErrors<S extends 400 | 404 | 413 | 415 | 422 | 429>(...statuses: S[]) {
  const meanings: Record<400 | 404 | 413 | 415 | 422 | 429, string> = {
    400: 'Bad input: `details` has one `{ path, message }` per field',
    404: 'Missing, or not open to this caller (the same answer for both)',
    413: 'The attachment is larger than allowed (20 MB)',
    415: 'Not sent as multipart/form-data',
    422: 'This Idempotency-Key was already used for a different submit',
    429: 'Too many requests from this address: `Retry-After` says when to try again',
  };
  return Object.fromEntries(
    statuses.map((status) => [status, errorAnswerSchema.check(z.describe(meanings[status]))]),
  ) as Record<S, typeof errorAnswerSchema>;
}
