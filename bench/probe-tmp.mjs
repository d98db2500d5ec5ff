import { readFileSync } from 'node:fs';
import { startBuiltApi, stopProcess } from './apiProcess.mjs';
const api = await startBuiltApi({ NODE_ENV: 'production', DATABASE_URL: 'postgres://root@127.0.0.1:5432/helpdesk_bench_d', HELPDESK_DEMO_DATA: 'false', DATABASE_POOL_MAX: '4', SLA_SCHEDULER: 'false', ...(process.env.API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.API_NODE_OPTIONS } : {}) });
const r = await fetch(`${api.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@helpdesk.demo', password: 'Demo@12345' }) });
const token = (await r.json()).token;
const cpu = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const self = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const pgCpu = () => { let t = 0; for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) if (line.startsWith('cpu ')) { const f = line.split(/\s+/).slice(1).map(Number); t = (f[0] + f[1] + f[2]); } return t / 100; };
for (let i = 0; i < 2; i++) {
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))[1]) / 1024;
  const before = rss(); let peak = before; const timer = setInterval(() => { peak = Math.max(peak, rss()); }, 50);
  const a0 = cpu(api.child.pid), s0 = self(), all0 = pgCpu(), t0 = performance.now();
  const res = await fetch(`${api.url}/api/reports/export.csv?kind=tickets&from=2023-11-29&to=2026-11-27`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0; for await (const c of res.body) bytes += c.length;
  const wall = (performance.now() - t0) / 1000; clearInterval(timer);
  const apiCpu = cpu(api.child.pid) - a0, clientCpu = self() - s0, total = pgCpu() - all0;
  console.log(`wall ${wall.toFixed(1)} s, api cpu ${apiCpu.toFixed(1)} s, client cpu ${clientCpu.toFixed(1)} s, all cpu ${total.toFixed(1)} s (rest ≈ postgres ${(total - apiCpu - clientCpu).toFixed(1)} s), ${bytes} bytes, rss ${before.toFixed(0)} MB + ${(peak - before).toFixed(1)} MB`);
}
await stopProcess(api.child);
