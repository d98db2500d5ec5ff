// The outbox (issue 17, ADR 0026), on the built api:
//
//   npm run bench:outbox -w bench
//
// 1. Throughput: the worker's messages per second to a local SMTP sink (smtp-server in this process,
//    accepting and discarding). BENCH_MESSAGES (1,000) rows are written due at once, in one
//    statement, copied from a real submit's two rows, and the running api's worker (default
//    settings: batches of 20, 4 at once over 4 pooled connections) sends them; the rate is counted
//    from the rows' own sent_at (first to last). BENCH_RUNS (5) runs, median.
// 2. The submit's cost with its outbox rows against without them: three api processes, each on a
//    fresh database of its own, take the same submits (multipart, no file, a new member each):
//    `without` (OUTBOX_BENCH_WITHOUT_ROWS=true: the notifier writes nothing, the only difference),
//    `rows` (the rows written, the worker off: the transaction's extra inserts alone) and
//    `rows+send` (the worker also sending them to the sink: the whole cost). One submit at a
//    time, the modes taking turns submit by submit (the order turned each time), for BENCH_SECONDS
//    (10 s) per mode and round: on a machine others keep busy, each mode meets the same load.
//    Per round: each mode's p50 and p90 latency and the api process's CPU time per submit (from
//    /proc, little moved by the load), and their ratios to `without`; then the median over
//    BENCH_RUNS rounds. (PostgreSQL's own CPU for the inserts is not in the CPU figure; it is in
//    the latency.)
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (helpdesk_bench_* databases are created and dropped); BENCH_DB=pglite|postgres|both (postgres).
// The machine's load average is recorded before and after. Writes bench/results/outbox.json.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiRequire,
  formRefs,
  freePort,
  freshDatabase,
  median,
  ROOT,
  startBuiltApi,
  stopProcess,
} from './apiProcess.mjs';

const pg = apiRequire('pg');
const { SMTPServer } = apiRequire('smtp-server');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
// Clock ticks per second of /proc/<pid>/stat (getconf CLK_TCK; 100 on Linux).
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const KINDS =
  (process.env.BENCH_DB ?? 'postgres') === 'both'
    ? ['postgres', 'pglite']
    : [process.env.BENCH_DB ?? 'postgres'];
const round = (value, digits = 1) => Number(value.toFixed(digits));
const load = () => os.loadavg().map((value) => round(value, 2));

/** The local SMTP sink: accepts every message and keeps only the count. */
async function startSink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted++;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The built api for the outbox runs: demo accounts and cities, no demo tickets. */
function startApi(env) {
  return startBuiltApi(
    {
      ...env,
      HELPDESK_DEMO_DATA: 'true',
      HELPDESK_DEMO_TICKETS: '0',
      MAIL_FROM: 'Help Desk <help@bench.example.org>',
    },
    { timeoutMs: 120_000 },
  );
}

let submitted = 0;
async function submitOnce(url, refs) {
  submitted++;
  const form = new FormData();
  form.append('fullName', 'Ravi Kumar');
  form.append('cityId', String(refs.cityId));
  form.append('mobile', '9876543210');
  form.append('committeeId', String(refs.committeeId));
  form.append('email', `bench.${process.pid}.${submitted}@example.com`);
  form.append(
    'description',
    'The lift in tower B has been broken for two weeks and nobody answers our calls.',
  );
  const started = process.hrtime.bigint();
  const response = await fetch(`${url}/api/tickets/submit`, {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: form,
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`a submit answered ${response.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Part 1, on PostgreSQL: MESSAGES rows due at once, sent by the api's worker; messages/s. */
async function throughput(sink) {
  const database = await freshDatabase('postgres');
  const api = await startApi({ ...database.env, SMTP_URL: sink.url, OUTBOX_POLL_MS: '100' });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const runs = [];
  try {
    await submitOnce(api.url, await formRefs(api.url));
    const waitSent = async () => {
      for (;;) {
        const { rows } = await db.query(`select count(*)::int as n from outbox where status <> 'sent'`);
        if (rows[0].n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await waitSent();
    const template = (await db.query('select min(id) as first from outbox')).rows[0].first;
    for (let run = 1; run <= RUNS; run++) {
      const before = sink.accepted();
      const last = (await db.query('select max(id) as last from outbox')).rows[0].last;
      await db.query(
        `insert into outbox (event, ticket_id, recipient_user_id, recipient, channel, template, params, locale)
         select o.event, o.ticket_id, o.recipient_user_id, o.recipient, o.channel, o.template, o.params, o.locale
         from outbox o, generate_series(1, $1::int / 2) where o.id in ($2, $2 + 1)`,
        [MESSAGES, template],
      );
      await waitSent();
      const { rows } = await db.query(
        `select count(*)::int as n, extract(epoch from max(sent_at) - min(sent_at)) as seconds
         from outbox where id > $1`,
        [last],
      );
      const { n, seconds } = rows[0];
      const perSecond = round((n - 1) / Number(seconds));
      runs.push({
        messages: n,
        seconds: round(Number(seconds), 2),
        perSecond,
        accepted: sink.accepted() - before,
      });
      console.log(`throughput run ${run}: ${n} messages in ${round(Number(seconds), 2)} s = ${perSecond}/s`);
    }
  } finally {
    await db.end();
    await stopProcess(api.child);
    await database.remove();
  }
  return { runs, medianPerSecond: median(runs.map((run) => run.perSecond)) };
}

/** Part 2: the submit with and without its outbox rows, alternating. */
async function submitCost(kind, sink) {
  const modes = {
    without: { OUTBOX_BENCH_WITHOUT_ROWS: 'true', SMTP_URL: sink.url },
    rows: { OUTBOX_WORKER: 'false', SMTP_URL: sink.url },
    'rows+send': { SMTP_URL: sink.url },
  };
  const running = {};
  const databases = [];
  try {
    for (const [mode, env] of Object.entries(modes)) {
      const database = await freshDatabase(kind);
      databases.push(database);
      const api = await startApi({ ...database.env, ...env });
      running[mode] = { api, refs: await formRefs(api.url) };
      // Warm up (compiled code, pools, the member path).
      for (let i = 0; i < 20; i++) await submitOnce(api.url, running[mode].refs);
    }
    const names = Object.keys(modes);
    const rounds = [];
    for (let run = 0; run < RUNS; run++) {
      // One submit at a time, the modes taking turns (their order turned every submit), so each
      // gets the same share of the machine's busy and quiet moments; SECONDS per mode and round.
      const latencies = Object.fromEntries(names.map((mode) => [mode, []]));
      const cpuBefore = Object.fromEntries(names.map((mode) => [mode, cpuMs(running[mode].api.child.pid)]));
      const loadBefore = load();
      const until = Date.now() + SECONDS * 1000 * names.length;
      for (let turn = 0; Date.now() < until; turn++) {
        for (let i = 0; i < names.length; i++) {
          const mode = names[(i + turn) % names.length];
          latencies[mode].push(await submitOnce(running[mode].api.url, running[mode].refs));
        }
      }
      // The worker of rows+send may still be sending this round's messages: its CPU counts them.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const result = { load: loadBefore };
      for (const mode of names) {
        const sorted = latencies[mode].sort((a, b) => a - b);
        result[mode] = {
          submits: sorted.length,
          p50: round(median(sorted)),
          p90: round(sorted[Math.floor(sorted.length * 0.9)]),
          apiCpuMsPerSubmit: round((cpuMs(running[mode].api.child.pid) - cpuBefore[mode]) / sorted.length, 2),
        };
      }
      for (const mode of ['rows', 'rows+send']) {
        result[`${mode} p50 ratio`] = round(result[mode].p50 / result.without.p50, 3);
        result[`${mode} cpu ratio`] = round(
          result[mode].apiCpuMsPerSubmit / result.without.apiCpuMsPerSubmit,
          3,
        );
      }
      console.log(`${kind} round ${run + 1}: ${JSON.stringify(result)}`);
      rounds.push(result);
    }
    const summary = {};
    for (const mode of names) {
      summary[mode] = {
        p50: median(rounds.map((r) => r[mode].p50)),
        p90: median(rounds.map((r) => r[mode].p90)),
        apiCpuMsPerSubmit: median(rounds.map((r) => r[mode].apiCpuMsPerSubmit)),
      };
    }
    for (const mode of ['rows', 'rows+send']) {
      summary[mode].p50Ratio = median(rounds.map((r) => r[`${mode} p50 ratio`]));
      summary[mode].cpuRatio = median(rounds.map((r) => r[`${mode} cpu ratio`]));
    }
    return { rounds, summary };
  } finally {
    for (const { api } of Object.values(running)) await stopProcess(api.child);
    for (const database of databases) await database.remove();
  }
}

const build = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const sink = await startSink();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadBefore: load(),
};
try {
  if (process.env.BENCH_PART !== 'submit') results.throughput = await throughput(sink);
  if (process.env.BENCH_PART !== 'throughput') {
    results.submit = {};
    for (const kind of KINDS) results.submit[kind] = await submitCost(kind, sink);
  }
} finally {
  results.loadAfter = load();
  await sink.close();
}
mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench', 'results', 'outbox.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  JSON.stringify(
    {
      loadBefore: results.loadBefore,
      loadAfter: results.loadAfter,
      throughput: results.throughput?.medianPerSecond,
      submit: Object.fromEntries(
        Object.entries(results.submit ?? {}).map(([kind, value]) => [kind, value.summary]),
      ),
    },
    null,
    2,
  ),
);
