import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { pruneAnswers } from '../services/tickets/idempotency';
import { UploadStore } from '../services/tickets/storage';
import { SubmitService } from '../services/workflow/submitService';
import type { RouteLimiter } from './rateLimit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The attachment store in UPLOAD_DIR (the submit writes it, the downloads read it). */
    uploadStore: UploadStore;
    /** Submits per client address (SUBMIT_MAX_PER_IP per SUBMIT_WINDOW_MS). */
    submitLimiter: RouteLimiter;
    /** Private-link lookups and downloads per client address (LOOKUP_MAX_PER_IP per LOOKUP_WINDOW_MS). */
    lookupLimiter: RouteLimiter;
    /** The public submit: the form received, checked and written once per Idempotency-Key. */
    ticketSubmits: SubmitService;
  }
}

const MAINTENANCE_EVERY_MS = 10 * 60_000;

/**
 * The ticket services the public calls share, each built once: the upload store, the per-address
 * limits of submits and lookups, and the submit. Registered after auth (the submit creates members
 * with its unusable password hash) and before the routes.
 */
export function registerTicketServices(app: FastifyInstance, config: Config): void {
  const store = new UploadStore(config.uploadDir);
  app.decorate('uploadStore', store);
  app.decorate('submitLimiter', app.routeLimiter('submit-ip', config.submitLimit));
  app.decorate('lookupLimiter', app.routeLimiter('lookup-ip', config.lookupLimit));
  app.decorate(
    'ticketSubmits',
    new SubmitService(app.db, store, {
      maxBytes: config.uploadMaxBytes,
      unusablePasswordHash: app.dummyPasswordHash,
      notifier: app.outbox.notifier,
      clock: app.clock,
    }),
  );

  // Files a crash left behind: at start (PGlite: this process is alone, so every one of them),
  // then now and then (only those older than the grace, as other instances may be mid-upload).
  app.addHook('onReady', async () => {
    await store.ensureFolders();
    const removed = await store.sweep(app.db, app.dbKind === 'pglite' ? 0 : config.uploadSweepGraceMs);
    if (removed) app.log.info({ removed }, 'removed files left by an interrupted submit');
  });
  const maintenance = setInterval(() => {
    Promise.all([store.sweep(app.db, config.uploadSweepGraceMs), pruneAnswers(app.db)]).catch((error) =>
      app.log.warn({ err: error }, 'ticket upload maintenance failed'),
    );
  }, MAINTENANCE_EVERY_MS);
  maintenance.unref();
  app.addHook('onClose', async () => clearInterval(maintenance));
}
