// Migration 0030 and the build of the reports' day rollups on a seeded database that predates them
// (issue 37: "every migration timed on the 10,000,000 database"), by the api's own code:
//
//   npm run bench:rollup-build -w bench -- --database helpdesk_bench_10m
//
// Prints the migrations' time, the report indexes the api builds concurrently (REPORT_INDEXES) and
// their time, then builds the days one by one as the api's builder does, each in its own
// transaction (the time each takes is how long it holds the tickets against writes): their count,
// total, median, 99th percentile and longest, and the rollup's rows and size.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../api/src/db/postgres.ts';
import { ensureReportIndexes } from '../api/src/services/reports/rollup.ts';
import { DEFAULT_DATABASE, databaseUrl } from './seed-tickets.mjs';

const { values: args } = parseArgs({ options: { database: { type: 'string', default: DEFAULT_DATABASE } } });
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

let started = performance.now();
const database = await openPostgres({
  url: databaseUrl(args.database),
  poolMax: 2,
  onConnectionError: () => {},
});
console.log(`migrations: ${seconds(started)}`);
started = performance.now();
const built = await ensureReportIndexes(database.db, 'postgres');
console.log(
  `report indexes built concurrently: ${built.join(', ') || 'none missing'} in ${seconds(started)}`,
);
const times = [];
started = performance.now();
for (;;) {
  const [state] = (await database.db.execute(sql`select next_day::text as day from ticket_report_days_build`))
    .rows;
  if (!state?.day) break;
  const day = performance.now();
  await database.db.execute(sql`select ticket_report_days_build_day(${state.day}::date)`);
  times.push(performance.now() - day);
}
times.sort((a, b) => a - b);
const at = (share) => (times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0).toFixed(1);
console.log(
  `days built: ${times.length} in ${seconds(started)}; each: median ${at(0.5)} ms, p99 ${at(0.99)} ms, longest ${at(1)} ms`,
);
const [size] = (
  await database.db.execute(
    sql`select (select count(*)::int from ticket_report_days) as rows,
      pg_size_pretty(pg_total_relation_size('ticket_report_days') + pg_total_relation_size('ticket_resolution_days')) as size`,
  )
).rows;
console.log(`rollup rows: ${size?.rows}, size with the resolution days: ${size?.size}`);
await database.close();
