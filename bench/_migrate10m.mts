import { openPostgres } from '../api/src/db/postgres.ts';
import { ensureReportIndexes } from '../api/src/services/reports/rollup.ts';
import { sql } from 'drizzle-orm';
const url = 'postgres://postgres@localhost/helpdesk_bench_10m?host=/var/run/postgresql';
let t = performance.now();
const database = await openPostgres({ url, poolMax: 2, onConnectionError: () => {} });
console.log(`migrations: ${((performance.now() - t) / 1000).toFixed(1)} s`);
t = performance.now();
console.log(await ensureReportIndexes(database.db, 'postgres'), `indexes: ${((performance.now() - t) / 1000).toFixed(1)} s`);
const times: number[] = [];
t = performance.now();
for (;;) {
  const [state] = (await database.db.execute(sql`select next_day::text as d from ticket_report_days_build`)).rows as { d: string | null }[];
  if (!state?.d) break;
  const s = performance.now();
  await database.db.execute(sql`select ticket_report_days_build_day(${state.d}::date)`);
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log(`days: ${times.length} in ${((performance.now() - t) / 1000).toFixed(1)} s; per day median ${times[times.length >> 1]?.toFixed(1)} ms, p99 ${times[Math.floor(times.length * 0.99)]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms`);
const [rows] = (await database.db.execute(sql`select count(*)::int as n, pg_size_pretty(pg_total_relation_size('ticket_report_days')) as size from ticket_report_days`)).rows as object[];
console.log(rows);
await database.close();
