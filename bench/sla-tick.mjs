// One tick of the SLA scheduler (issue 18 Done 6, ADR 0033) on a seeded PostgreSQL database
// (1,000,000 tickets by default):
//
//   npm run bench:seed -- --tickets 1000000 --database helpdesk_bench   (once, see seed-tickets.mjs)
//   npm run bench:sla-tick -w bench -- --database helpdesk_bench
//
// The seed writes tickets without the stage log, as a database from before migration 0010: this
// opens the current stage of every open ticket (the api's own openCarriedOverStages) and spreads
// them as a scheduler ticking for days leaves them: entered in the last 10 days, due 2 days after
// (reminder at 80 %, the association president at 150 %), the levels already past done (their
// `stage_alerts` rows written), the next one pending. Then, with the api's own scheduler on the
// api's connection pool, it times three ticks: the minute's tick (the levels that fell due in the
// last minute), a tick after 15 minutes without one (a restart), and a tick with nothing left to
// do. Each tick writes its alerts, history entries and outbox rows, as in production. Results:
// bench/results/sla-tick.json. The server: BENCH_DATABASE_URL / DATABASE_URL, as for the seed.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPostgres } from '../api/src/db/postgres.ts';
import { ManualClock } from '../api/src/services/clock.ts';
import { Notifier } from '../api/src/services/outbox/notifications.ts';
import { SlaScheduler } from '../api/src/services/sla/scheduler.ts';
import { openCarriedOverStages } from '../api/src/services/sla/stages.ts';
import { DEFAULT_DATABASE, databaseUrl } from './seed-tickets.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { database: { type: 'string', default: DEFAULT_DATABASE } } });

const database = await openPostgres({
  url: databaseUrl(args.database),
  poolMax: 4,
  onConnectionError: () => {},
});
const query = (text, values = []) => database.runSql({ text, values });

const now = new Date();
const [{ tickets, open }] = await query(
  `select count(*)::int as tickets, count(*) filter (where status not in ('resolved', 'rejected'))::int as open from tickets`,
);
console.log(`${args.database}: ${tickets} tickets, ${open} open`);

const opened = await openCarriedOverStages(database.db);
console.log(`opened ${opened} stages`);
// Spread as a ticking scheduler leaves them (times in calendar hours: what matters here is how
// many levels fall due per minute, not the calendar arithmetic, done when a stage opens).
await query(
  `update ticket_stages set
     entered_at = $1::timestamptz - (random() * interval '10 days'), sla_minutes = 960
   where left_at is null`,
  [now.toISOString()],
);
await query(
  `update ticket_stages set
     due_at = entered_at + interval '48 hours', first_due_at = entered_at + interval '48 hours',
     remind_at = entered_at + interval '38 hours 24 minutes', president_at = entered_at + interval '72 hours'
   where left_at is null`,
);
await query(`delete from stage_alerts`);
const done = `$1::timestamptz - interval '1 minute'`;
await query(
  `insert into stage_alerts (stage_id, level, to_role, at)
   select s.id, l.level, 'observer', l.at from ticket_stages s
   cross join lateral (values ('reminder', s.remind_at), ('next-level', s.due_at), ('president', s.president_at)) l(level, at)
   where s.left_at is null and l.at <= ${done}`,
  [now.toISOString()],
);
await query(
  `update ticket_stages set next_alert_at = case
     when remind_at > ${done} then remind_at when due_at > ${done} then due_at
     when president_at > ${done} then president_at end
   where left_at is null`,
  [now.toISOString()],
);
await query(
  `update tickets t set stage = s.stage, due_at = s.due_at, due_soon_at = s.remind_at
   from ticket_stages s where s.ticket_id = t.id and s.left_at is null`,
);
await query('vacuum analyze ticket_stages, stage_alerts, tickets');

const clock = new ManualClock(now);
const notifier = new Notifier(clock, {}, () => {});
const scheduler = new SlaScheduler(database.db, clock, notifier, { info: () => {}, warn: console.warn });

async function timed(name, at) {
  clock.set(at);
  const started = process.hrtime.bigint();
  const result = await scheduler.tick();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${name}: ${ms.toFixed(1)} ms, ${result.alerts} alerts`);
  return { name, at: at.toISOString(), ms: Math.round(ms * 10) / 10, alerts: result.alerts };
}

const runs = [
  await timed("the minute's tick", now),
  await timed('after 15 minutes without a tick', new Date(now.getTime() + 15 * 60_000)),
  await timed('nothing left to do', new Date(now.getTime() + 15 * 60_000)),
];
const [{ stages }] = await query(`select count(*)::int as stages from ticket_stages where left_at is null`);
await database.close();

const result = {
  measuredAt: now.toISOString(),
  database: args.database,
  tickets,
  open,
  openStages: stages,
  load: os.loadavg(),
  runs,
};
mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench', 'results', 'sla-tick.json'), `${JSON.stringify(result, null, 2)}\n`);
