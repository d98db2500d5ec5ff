/**
 * POST /members/links (/track, docs/product.md#private-links): "send me the link to my tickets".
 * The answer and the work are the same whatever the address: the call never reads the members;
 * it counts the address and the client against their limits and writes one outbox row, which the
 * worker turns into an email with the member's link (their live one again: ADR 0052), or into
 * nothing when no member has it.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, memberLinkRequestSchema, memberLinkResponseSchema } from 'shared-contracts/contracts';
import { tooManyRequests } from '../../httpError';
import { clientAddress } from '../../plugins/rateLimit';
import { publicErrors } from '../tickets/publicAccess';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { maxPerIp, maxPerEmail, windowMs } = app.config.memberLinkLimit;
  const perAddress = app.routeLimiter('link-ip', { max: maxPerIp, windowMs });
  // Keyed by a hash of the email, so the rate limit's store names no one, and by the client's
  // address: requests from elsewhere cannot spend the member's own allowance (ADR 0052).
  const perEmail = app.routeLimiter(
    'link-email',
    { max: maxPerEmail, windowMs },
    (request) =>
      `${createHash('sha256')
        .update((request.body as { email: string }).email.toLowerCase())
        .digest('base64url')}:${clientAddress(request)}`,
  );

  app.post(
    API_PATHS.members.links,
    {
      schema: {
        summary: 'Email a fresh link to the tickets of this address (202 whatever the address)',
        description:
          'The same answer, and the same work, for an address with tickets and one without: the link goes ' +
          'only by email. Limited per client address (MEMBER_LINK_MAX_PER_IP) and per email address ' +
          'from one client address (MEMBER_LINK_MAX_PER_EMAIL) per MEMBER_LINK_WINDOW_MS. A live link is sent again, never replaced.',
        tags: ['conversation'],
        body: memberLinkRequestSchema,
        response: { 202: memberLinkResponseSchema, ...publicErrors(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Both limits are counted every time, so a refused and an accepted request cost the same.
      const byClient = await perAddress.take(request);
      const byEmail = await perEmail.take(request);
      if (!byClient.allowed) throw tooManyRequests('requests from your address', byClient.retryAfterSeconds);
      if (!byEmail.allowed)
        throw tooManyRequests('requests for this email address', byEmail.retryAfterSeconds);
      await app.db.transaction((tx) => app.outbox.notifier.memberLinkRequested(tx, email));
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ ok: true as const });
    },
  );
};
