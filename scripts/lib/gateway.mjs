// The built-in front door of `npm start`: the same URL layout, caching and compression as
// nginx.conf (shell at /, remotes at /remotes/<name>/, /config/remotes.json, /api and /uploads
// proxied, gzip, /add-ticket's includes), so what works here works behind nginx, and weighs what
// it weighs there. Production uses nginx.conf itself.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { PAGES_DIR, publicPageFor } from './publicPages.mjs';

const HASHED = /\.[0-9a-f]{8}\.(js|css|svg|png|woff2)$/;
// A release folder (www/remotes/<name>/<version>/, ADR 0032) is never written to again.
const RELEASED = /[\\/]remotes[\\/][^\\/]+[\\/]\d{8}-\d{6}-[0-9a-f]{8}[\\/]/;
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

// nginx.conf's gzip settings: these types, from 512 bytes, level 6, proxied answers too.
const GZIP_TYPES = /^(text\/(html|css|plain)|application\/(javascript|json)|image\/svg\+xml)\b/;
const GZIP_MIN_LENGTH = 512;
const GZIP_LEVEL = 6;

/** Compresses an answer as nginx.conf does (`gzip on`, `gzip_vary`, `gzip_proxied any`). */
function gzipAnswer(request, reply, payload, done) {
  const type = String(reply.getHeader('content-type') ?? '');
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (
    !GZIP_TYPES.test(type) ||
    reply.getHeader('content-encoding') ||
    payload === null ||
    payload === undefined
  )
    return done(null, payload);
  reply.header('vary', [reply.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  if (!accepts || request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304)
    return done(null, payload);
  const length = Number(reply.getHeader('content-length'));
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) < GZIP_MIN_LENGTH) return done(null, payload);
    reply.header('content-encoding', 'gzip').removeHeader('content-length');
    return done(null, gzipSync(payload, { level: GZIP_LEVEL }));
  }
  if (!(payload instanceof Readable) || (Number.isFinite(length) && length < GZIP_MIN_LENGTH))
    return done(null, payload);
  reply.header('content-encoding', 'gzip').removeHeader('content-length');
  return done(null, payload.pipe(createGzip({ level: GZIP_LEVEL })));
}

const INCLUDE = /<!--# include virtual="([^"]+)" -->/g;

/**
 * nginx's SSI for the public pages (`ssi on` in nginx.conf): each `include virtual` of the api
 * replaced by its answer, asked with the visitor's language; a failed one by nothing
 * (`ssi_silent_errors on`).
 */
async function withIncludes(html, apiUrl, request) {
  const paths = [...new Set([...html.matchAll(INCLUDE)].map((match) => match[1]))];
  const answers = new Map(
    await Promise.all(
      paths.map(async (virtual) => {
        if (!virtual.startsWith('/api/')) return [virtual, ''];
        try {
          const response = await fetch(new URL(virtual, apiUrl), {
            headers: { 'accept-language': String(request.headers['accept-language'] ?? '') },
          });
          return [virtual, response.ok ? await response.text() : ''];
        } catch {
          return [virtual, ''];
        }
      }),
    ),
  );
  return html.replace(INCLUDE, (_match, virtual) => answers.get(virtual) ?? '');
}

function setStaticHeaders(res, filePath) {
  res.setHeader(
    'Cache-Control',
    HASHED.test(filePath) || RELEASED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

export async function startGateway({ www, port, host = '127.0.0.1', apiUrl, mailUrl }) {
  const app = Fastify({ logger: false });
  const staticOptions = { setHeaders: setStaticHeaders, etag: true, lastModified: true, cacheControl: false };
  app.addHook('onSend', gzipAnswer);

  await app.register(proxy, { upstream: apiUrl, prefix: '/api', rewritePrefix: '/api' });
  await app.register(proxy, { upstream: apiUrl, prefix: '/uploads', rewritePrefix: '/uploads' });
  // `npm start`'s mail catcher (ADR 0029); nginx.conf has no such location.
  if (mailUrl) await app.register(proxy, { upstream: mailUrl, prefix: '/mail', rewritePrefix: '/mail' });
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: path.join(www, 'remotes'),
    prefix: '/remotes/',
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: path.join(www, 'config'),
    prefix: '/config/',
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: path.join(www, 'shell'),
    prefix: '/',
    wildcard: true,
  });

  // Client-side routes (/dashboard, /users …) get the shell's index.html; missing files stay 404.
  app.setNotFoundHandler(async (request, reply) => {
    const { pathname } = new URL(request.url, 'http://gateway');
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (
      request.method !== 'GET' ||
      isFile ||
      pathname.startsWith('/remotes/') ||
      pathname.startsWith('/config/')
    ) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    // The public routes have their own HTML (as nginx.conf serves them).
    const page = publicPageFor(pathname);
    if (page && existsSync(path.join(www, PAGES_DIR, page))) {
      const html = await readFile(path.join(www, PAGES_DIR, page), 'utf8');
      if (!html.includes('<!--# include virtual=')) return reply.sendFile(page, path.join(www, PAGES_DIR));
      reply.headers({ ...SECURITY_HEADERS, 'Cache-Control': 'no-cache' });
      return reply.type('text/html; charset=utf-8').send(await withIncludes(html, apiUrl, request));
    }
    return reply.sendFile('index.html');
  });

  await app.listen({ port, host });
  return app;
}
