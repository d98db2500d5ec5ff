// How much the api's memory grows with concurrent large uploads: bursts of BURST_SIZE submits at
// once, each with a file just under the 20 MiB limit (photos with an EXIF block and PDFs with a
// deflated stream, so every content check runs: pixel count, EXIF removal, active-content scan,
// the hash). Reads the api process's resident set (VmRSS, /proc) every 20 ms; prints its growth
// over the idle process, at the peak of each burst and after the bursts.
//
//   npm run build && node bench/upload-memory.mjs            (BURSTS=3 BURST_SIZE=20 RUNS=3)
//
// The database is a throw-away PostgreSQL one (BENCH_DATABASE_URL / DATABASE_URL, as the other
// benches); the uploads land in its own temp folder.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { freshDatabase, median, startBuiltApi, stopProcess } from './apiProcess.mjs';

const BURSTS = Number(process.env.BURSTS || 3);
const BURST_SIZE = Number(process.env.BURST_SIZE || 20);
const RUNS = Number(process.env.RUNS || 3);
const FILE_BYTES = 20 * 1024 * 1024 - 4096;
const MIB = 1024 * 1024;

/** Resident memory of a process in bytes. */
function rss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

/** Bytes that no compressor shrinks, made cheaply (a counter's hash would cost the bench more). */
function noise(length, seed) {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes.writeUInt32LE(state >>> 0, Math.min(index, length - 4));
  }
  // No '/': a PDF name in random bytes (`/JS` comes up about once in 16 MiB) would be refused as
  // active content, as the check reads the raw bytes between streams too.
  for (let index = bytes.indexOf(0x2f); index >= 0; index = bytes.indexOf(0x2f, index + 1))
    bytes[index] = 0x30;
  return bytes;
}

/** A 20 MiB JPEG: SOI, an EXIF block, a 4000 × 3000 frame header, then scan data. */
function bigJpeg(seed) {
  const exifBody = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), noise(60_000, seed + 1)]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(exifBody.length + 2, 2);
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x0f, 0xa0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), app1, exifBody, sof, sos]);
  const tail = Buffer.from([0xff, 0xd9]);
  return Buffer.concat([head, noise(FILE_BYTES - head.length - tail.length, seed), tail]);
}

/** A 20 MiB PDF: a deflated content stream and an image stream of raw bytes. */
function bigPdf(seed) {
  const content = deflateSync(Buffer.from('BT /F1 12 Tf 72 712 Td (Lift broken) Tj ET\n'.repeat(20_000)));
  const head = Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj << /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    content,
    Buffer.from('\nendstream\nendobj\n2 0 obj << /Subtype /Image >>\nstream\n', 'latin1'),
  ]);
  const tail = Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, noise(FILE_BYTES - head.length - tail.length, seed), tail]);
}

async function formRefs(url) {
  const { cities } = await (await fetch(`${url}/api/cities/getAllCities`)).json();
  const pune = cities.find((city) => city.name === 'Pune');
  const { committees } = await (
    await fetch(`${url}/api/committees/getAllCommittees?cityId=${pune.id}`)
  ).json();
  return { cityId: pune.id, committeeId: committees[0].id };
}

async function submit(url, refs, file, index) {
  const form = new FormData();
  const fields = {
    fullName: 'Ravi Kumar',
    cityId: String(refs.cityId),
    mobile: '9876543210',
    committeeId: String(refs.committeeId),
    email: `upload.${index}@example.com`,
    description: 'The lift in tower B has been broken for two weeks.',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('attachment', new Blob([file.bytes], { type: file.type }), file.name);
  const key = randomUUID();
  const send = () =>
    fetch(`${url}/api/tickets/submit`, { method: 'POST', headers: { 'idempotency-key': key }, body: form });
  // A kept-alive connection the server closes as the next upload starts fails with EPIPE: sent
  // again, under the same idempotency key (one ticket whatever happened to the first try).
  const answer = await send().catch(send);
  const body = await answer.text();
  if (answer.status !== 201) throw new Error(`submit answered ${answer.status}: ${body}`);
}

async function oneRun(files) {
  const database = await freshDatabase('postgres');
  const api = await startBuiltApi({
    ...database.env,
    HELPDESK_DEMO_DATA: 'true',
    HELPDESK_DEMO_TICKETS: '0',
    // Emails are not this bench's subject: held, so the worker sends nothing.
    SMTP_URL: '',
  });
  let sampler;
  try {
    const refs = await formRefs(api.url);
    // One small submit first: the code paths are compiled and the pools open before the baseline.
    await submit(
      api.url,
      refs,
      { bytes: bigPdf(7).subarray(0, 0), type: 'application/pdf', name: 'x.pdf' },
      0,
    ).catch(() => undefined);
    const idle = rss(api.child.pid);
    let peak = idle;
    sampler = setInterval(() => {
      peak = Math.max(peak, rss(api.child.pid));
    }, 20);
    const peaks = [];
    let sent = 0;
    for (let burst = 0; burst < BURSTS; burst++) {
      peak = rss(api.child.pid);
      await Promise.all(
        Array.from({ length: BURST_SIZE }, (_, index) =>
          submit(api.url, refs, files[index % files.length], ++sent),
        ),
      );
      peaks.push(peak - idle);
    }
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // what the burst's requests still hold settles
    const after = rss(api.child.pid) - idle;
    return { peaks, peak: Math.max(...peaks), after };
  } finally {
    clearInterval(sampler);
    await stopProcess(api.child);
    await database.remove();
  }
}

const files = [
  { bytes: bigJpeg(11), type: 'image/jpeg', name: 'photo.jpg' },
  { bytes: bigPdf(13), type: 'application/pdf', name: 'scan.pdf' },
];
const runs = [];
for (let run = 0; run < RUNS; run++) {
  const result = await oneRun(files);
  runs.push(result);
  console.log(
    `run ${run + 1}: growth at each burst's peak ${result.peaks.map((bytes) => (bytes / MIB).toFixed(0)).join(', ')} MiB; ` +
      `held after ${BURSTS} bursts ${(result.after / MIB).toFixed(0)} MiB`,
  );
}
console.log(
  `${BURSTS} bursts of ${BURST_SIZE} concurrent 20 MiB uploads, median of ${RUNS} runs: ` +
    `peak growth ${(median(runs.map((run) => run.peak)) / MIB).toFixed(0)} MiB, ` +
    `held after ${(median(runs.map((run) => run.after)) / MIB).toFixed(0)} MiB`,
);
