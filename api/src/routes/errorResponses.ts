import { errorAnswerSchema } from 'shared-contracts/contracts';
import * as z from 'zod/mini';

const meanings = {
  400: 'Bad input: `details` has one `{ path, message }` per field',
  401: 'No token, or one that is invalid, expired or revoked',
  403: 'Signed in with a role that may not do this',
  404: 'Not found',
  409: 'Clashes with what is stored (duplicate, one president per city, last admin)',
  422: 'Well formed, but a rule refuses it: `details[].code` names the rule when it has a code',
  429: 'Too many attempts: `Retry-After` says when to try again',
} as const;

type Status = keyof typeof meanings;

/** The `{ error, details }` answers a route documents beside its success (OpenAPI only). */
export function errorResponses<S extends Status>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, errorAnswerSchema.check(z.describe(meanings[status]))]),
  ) as Record<S, typeof errorAnswerSchema>;
}

/** The OpenAPI security requirement of routes that need a bearer token. */
export const bearerAuth = [{ bearerAuth: [] }];

/**
 * The OpenAPI security of the ticket steps a `tickets:write` API token takes as its staff user
 * (ADR 0079): a staff member's bearer token, or such a token.
 */
export const bearerOrWriteToken: { [scheme: string]: string[] }[] = [
  { bearerAuth: [] },
  { apiToken: ['tickets:write'] },
];

/**
 * The OpenAPI security of the private reads: a link's key in `X-Access-Key`, or a bearer token of
 * someone who may see the ticket (anyone else gets the same 404 as for a missing ticket).
 */
export const linkOrToken: { [scheme: string]: string[] }[] = [{ accessKey: [] }, { bearerAuth: [] }];

/** A reply's security: a link's key, a bearer token, or a `tickets:write` API token (ADR 0079). */
export const linkOrTokenOrWriteToken = [...linkOrToken, { apiToken: ['tickets:write'] }];
