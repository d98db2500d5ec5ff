import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { useSealedParams } from '../services/outbox/sealedParams';
import { PrivacyJob } from '../services/privacy/retention';
import { useDerivedMemberKeys } from '../services/tickets/linkKeys';
import { resolveTokenSecret } from '../services/tokenSecret';

declare module 'fastify' {
  interface FastifyInstance {
    /** The personal data's scheduled work (ADR 0051): erasures after appeals, retention. */
    privacyJob: PrivacyJob;
  }
}

/**
 * The personal data's job runs on the scheduler's beat and switch (SLA_SCHEDULER, SLA_TICK_MS):
 * started when the app is ready, stopped (a run under way finished) when it closes. Registered
 * after the ticket services, whose upload store it deletes erased files from.
 */
export async function registerPrivacyJob(app: FastifyInstance, config: Config): Promise<void> {
  const { secret } = await resolveTokenSecret(app.db, config.tokenSecret);
  // Member keys derived from the api's secret (the same on every instance), so any instance can
  // send a member's live link again (ADR 0052).
  useDerivedMemberKeys(createHmac('sha256', secret).update('member-links').digest('base64url'));
  // The private links in waiting outbox rows are sealed under a key of the same secret (ADR 0052).
  useSealedParams(secret);
  const job = new PrivacyJob(
    app.db,
    app.clock,
    app.uploadStore,
    config.retentionYears,
    app.log.child({ component: 'privacy' }),
  );
  app.decorate('privacyJob', job);
  app.addHook('onReady', async () => {
    if (config.scheduler.enabled) job.start(config.scheduler.tickMs);
  });
  app.addHook('onClose', async () => {
    await job.stop();
  });
}
