// The built-in front door of `npm start`: the same URL layout and caching as nginx.conf
// (shell at /, remotes at /remotes/<name>/, /config/remotes.json, /api and /uploads proxied),
// so what works here works behind nginx. Production uses nginx.conf itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
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
  app.setNotFoundHandler((request, reply) => {
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
    if (page && existsSync(path.join(www, PAGES_DIR, page)))
      return reply.sendFile(page, path.join(www, PAGES_DIR));
    return reply.sendFile('index.html');
  });

  await app.listen({ port, host });
  return app;
}
