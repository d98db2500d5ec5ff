import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/rateLimit';
import { openSession } from '../../services/sessions';
import type { UserRecord } from '../../services/users';

/**
 * Opens a session for a user who proved who they are (a password, and a code when they have a
 * second factor) and signs the token that names it (ADR 0053): from the sign-in's device and address.
 */
export async function issueToken(
  app: FastifyInstance,
  request: FastifyRequest,
  user: Pick<UserRecord, 'id' | 'role' | 'tokenVersion'>,
  mfa: boolean,
): Promise<string> {
  const sessionId = await openSession(app.db, {
    userId: user.id,
    now: app.clock.now(),
    policy: app.sessionPolicy,
    device: request.headers['user-agent'],
    clientAddress: clientAddress(request),
    mfa,
  });
  return app.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion, sessionId });
}
