// How much the api's memory grows with concurrent large uploads: bursts of BURST_SIZE submits at
// once, each with a file just under the 20 MiB limit (photos with an EXIF block, PDFs with a
// deflated stream, Word files with a deflated document and a large stored picture, in turn, so
// every content check runs: pixel count, EXIF removal, active-content scan, XML entities, the
// hash). Reads the process's resident set (VmRSS, /proc) every 20 ms; prints its growth over the
// idle process, at the peak of each burst and after the bursts. The same bursts go to bare Node
// (bench/upload-bare-server.mjs: node:http streaming each body to a file, nothing else), the
// yardstick of what receiving that many bytes costs any Node process.
//
//   npm run build -w api && node bench/upload-memory.mjs    (BURSTS=3 BURST_SIZE=20 RUNS=3)
//   TARGETS=api,bare,bare-collect (all three by default) picks the processes measured;
//   bare-collect is bare Node with a minor collection every 4 MiB received, as the api (ADR 0080).
//
// The database is a throw-away PostgreSQL one (BENCH_DATABASE_URL / DATABASE_URL, as the other
// benches); the uploads land in its own temp folder.

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { API } from '../scripts/lib/apps.mjs';
import {
  formRefs,
  freePort,
  freshDatabase,
  median,
  startBuiltApi,
  stopProcess,
  waitUntilAnswering,
} from './apiProcess.mjs';

const BURSTS = Number(process.env.BURSTS || 3);
const BURST_SIZE = Number(process.env.BURST_SIZE || 20);
const RUNS = Number(process.env.RUNS || 3);
const FILE_BYTES = 20 * 1024 * 1024 - 4096;
const MIB = 1024 * 1024;
const TARGETS = (process.env.TARGETS || 'api,bare,bare-collect').split(',');

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

/** A zip of `entries` ({ name, bytes, deflate }): local headers, the data, the central directory. */
function zip(entries) {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const { name, bytes, deflate } of entries) {
    const data = deflate ? deflateRawSync(bytes) : bytes;
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(deflate ? 8 : 0, 8);
    header.writeUInt32LE(crc32(bytes), 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(bytes.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(deflate ? 8 : 0, 10);
    entry.writeUInt32LE(crc32(bytes), 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(bytes.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, data);
    central.push(entry, nameBytes);
    offset += header.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A 20 MiB Word file: its XML parts deflated (a long document), and a photo stored as it is. */
function bigDocx(seed) {
  const xml = (body) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`, 'utf8');
  const paragraph = '<w:p><w:r><w:t>The lift in tower B has been broken for two weeks.</w:t></w:r></w:p>';
  const parts = [
    {
      name: '[Content_Types].xml',
      bytes: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      deflate: true,
    },
    {
      name: '_rels/.rels',
      bytes: xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
      deflate: true,
    },
    {
      name: 'word/document.xml',
      bytes: xml(`<w:document><w:body>${paragraph.repeat(20_000)}</w:body></w:document>`),
      deflate: true,
    },
  ];
  const withoutPhoto = zip([
    ...parts,
    { name: 'word/media/image1.jpeg', bytes: Buffer.alloc(0), deflate: false },
  ]);
  const photo = noise(FILE_BYTES - withoutPhoto.length, seed);
  return zip([...parts, { name: 'word/media/image1.jpeg', bytes: photo, deflate: false }]);
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

/** The api on a throw-away database, ready to take submits. */
async function startApi() {
  const database = await freshDatabase('postgres');
  const api = await startBuiltApi({
    ...database.env,
    HELPDESK_DEMO_DATA: 'true',
    HELPDESK_DEMO_TICKETS: '0',
    // Emails are not this bench's subject: held, so the worker sends nothing.
    SMTP_URL: '',
  });
  try {
    return {
      url: api.url,
      pid: api.child.pid,
      refs: await formRefs(api.url),
      stop: async () => {
        await stopProcess(api.child);
        await database.remove();
      },
    };
  } catch (error) {
    await stopProcess(api.child);
    await database.remove();
    throw error;
  }
}

/**
 * Bare Node streaming each body to a file (the same Node and flags as the api); `collect`: with a
 * minor collection every 4 MiB received, as the api.
 */
async function startBare(collect) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-bare-'));
  const port = await freePort();
  const server = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upload-bare-server.mjs');
  const child = spawn(process.execPath, [...API.nodeFlags, server, folder, String(port)], {
    env: { ...process.env, COLLECT_EVERY_MIB: collect ? '4' : '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${url}/api/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, refs: { cityId: 1, committeeId: 1 }, stop };
}

async function oneRun(target, files) {
  const server = target === 'api' ? await startApi() : await startBare(target === 'bare-collect');
  let sampler;
  try {
    // One small submit first: the code paths are compiled and the pools open before the baseline.
    await submit(
      server.url,
      server.refs,
      { bytes: Buffer.alloc(0), type: 'application/pdf', name: 'x.pdf' },
      0,
    ).catch(() => undefined);
    const idle = rss(server.pid);
    let peak = idle;
    sampler = setInterval(() => {
      peak = Math.max(peak, rss(server.pid));
    }, 20);
    const peaks = [];
    let sent = 0;
    for (let burst = 0; burst < BURSTS; burst++) {
      peak = rss(server.pid);
      await Promise.all(
        Array.from({ length: BURST_SIZE }, (_, index) =>
          submit(server.url, server.refs, files[(sent + index) % files.length], sent + index + 1),
        ),
      );
      sent += BURST_SIZE;
      peaks.push(peak - idle);
    }
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // what the burst's requests still hold settles
    const after = rss(server.pid) - idle;
    return { idle, peaks, peak: Math.max(...peaks), after };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

const files = [
  { bytes: bigJpeg(11), type: 'image/jpeg', name: 'photo.jpg' },
  { bytes: bigPdf(13), type: 'application/pdf', name: 'scan.pdf' },
  {
    bytes: bigDocx(17),
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    name: 'letter.docx',
  },
];
const mib = (bytes) => (bytes / MIB).toFixed(0);
const results = Object.fromEntries(TARGETS.map((target) => [target, []]));
// Runs alternate between the targets, so a change in the machine's load touches both alike.
for (let run = 0; run < RUNS; run++) {
  for (const target of TARGETS) {
    const result = await oneRun(target, files);
    results[target].push(result);
    console.log(
      `${target} run ${run + 1}: idle ${mib(result.idle)} MiB; growth at each burst's peak ` +
        `${result.peaks.map(mib).join(', ')} MiB; held after ${BURSTS} bursts ${mib(result.after)} MiB`,
    );
  }
}
for (const target of TARGETS) {
  const runs = results[target];
  console.log(
    `${target}: ${BURSTS} bursts of ${BURST_SIZE} concurrent 20 MiB uploads, median of ${RUNS} runs: ` +
      `peak growth ${mib(median(runs.map((run) => run.peak)))} MiB, ` +
      `held after ${mib(median(runs.map((run) => run.after)))} MiB`,
  );
}
