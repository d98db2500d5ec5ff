// The yardstick of bench/upload-memory.mjs: bare Node (node:http, no framework, no multipart
// parser, no check) streaming each request's body to a file of its own, then answering 201. What
// the api's resident set grows by beyond what this one grows by is what the api itself holds.
//
//   node bench/upload-bare-server.mjs <folder> <port>
//
// With COLLECT_EVERY_MIB set (and --expose-gc), it also collects V8's young generation each time
// that many MiB of bodies arrived, as the api does (api/src/services/tickets/bodyGarbage.ts).

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const [folder, port] = process.argv.slice(2);
const collectEvery = Number(process.env.COLLECT_EVERY_MIB || 0) * 1024 * 1024;
let sinceCollected = 0;

const server = createServer(async (request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (collectEvery > 0) {
    request.on('data', (chunk) => {
      sinceCollected += chunk.length;
      if (sinceCollected < collectEvery) return;
      sinceCollected = 0;
      globalThis.gc({ type: 'minor' });
    });
  }
  try {
    await pipeline(
      request,
      createWriteStream(path.join(folder, randomBytes(16).toString('hex')), { flush: true }),
    );
    response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  } catch {
    response.writeHead(400).end();
  }
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
