import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { MonthlyClose } from '../services/reports/monthly';
import { ReportRollupBuilder } from '../services/reports/rollup';
import { SlaScheduler } from '../services/workflow/scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SLA scheduler: ticks every minute when enabled; tests call `tick()` themselves. */
    slaScheduler: SlaScheduler;
    /** The month's close (league snapshots, summary emails; ADR 0040), on the scheduler's beat. */
    monthlyClose: MonthlyClose;
    /** Fills the reports' day rollups of a database migrated with tickets in it (ADR 0083). */
    reportRollupBuilder: ReportRollupBuilder;
  }
}

/**
 * The SLA scheduler (docs/architecture.md#time-and-service-levels, ADR 0033): started when the app
 * is ready (SLA_SCHEDULER, on unless NODE_ENV=test), stopped, with a tick under way finished, when
 * it closes. Registered after the outbox, whose notifier it writes with.
 */
export function registerSlaScheduler(app: FastifyInstance, config: Config): void {
  const scheduler = new SlaScheduler(
    app.db,
    app.clock,
    app.outbox.notifier,
    app.log.child({ component: 'sla' }),
  );
  const monthly = new MonthlyClose(app.db, app.clock, app.log.child({ component: 'reports' }));
  app.decorate('slaScheduler', scheduler);
  app.decorate('monthlyClose', monthly);
  const rollupBuilder = new ReportRollupBuilder(app.db, app.dbKind, app.log.child({ component: 'reports' }));
  app.decorate('reportRollupBuilder', rollupBuilder);
  app.addHook('onReady', async () => {
    if (config.scheduler.enabled) {
      scheduler.start(config.scheduler.tickMs);
      monthly.start(config.scheduler.tickMs);
      // At once (a database migrated with tickets has days to build), then on the beat.
      rollupBuilder.run().catch((error) => app.log.warn({ err: error }, 'report rollup build failed'));
      rollupBuilder.start(config.scheduler.tickMs);
    }
  });
  app.addHook('onClose', async () => {
    await Promise.all([scheduler.stop(), monthly.stop(), rollupBuilder.stop()]);
  });
}
