import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { seedDemoData } from './demo/demoData';
import { type LogDestination, loggerOptions, REQUEST_ID_HEADER, requestIdOf } from './logging';
import { registerAuth } from './plugins/auth';
import { registerDatabase } from './plugins/db';
import { registerDocs } from './plugins/docs';
import { registerErrorHandlers } from './plugins/errors';
import { type OutboxOptions, registerOutbox } from './plugins/outbox';
import { registerPrivacyJob } from './plugins/privacy';
import { registerReplyMailbox } from './plugins/replyMailbox';
import { registerSecurity } from './plugins/security';
import { registerShutdown } from './plugins/shutdown';
import { registerSlaScheduler } from './plugins/sla';
import { registerStrictBodies } from './plugins/strictBodies';
import { registerTicketServices } from './plugins/tickets';
import { apiRoutes } from './routes';
import { uploadRoutes } from './routes/uploads';
import { type Clock, systemClock } from './services/clock';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Log lines go here instead of stdout (tests read them). */
  logDestination?: LogDestination;
  /** The api's clock (tests pass one they can move). */
  clock?: Clock;
  /** Test hooks of the outbox worker. */
  outbox?: OutboxOptions;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds the api with its database open and migrated, without listening: server.ts listens,
 * tests use `inject`. Closing the app closes the database.
 */
export async function buildApp({ config, logDestination, clock = systemClock, outbox }: BuildAppOptions) {
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(config, logDestination),
    genReqId: requestIdOf,
    // One line per request (onResponse below) instead of Fastify's two, each with the whole request
    // serialised: about a tenth of the CPU of a list call went into request logging (bench/README.md).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A longer path parameter (a 200-character city name) reaches its schema and gets a 400 with
    // details, rather than a bare 404 (find-my-way's default limit is 100).
    routerOptions: { maxParamLength: 1000 },
    clientErrorHandler: answerClientError,
    // A path the router cannot decode (`%E0%A4%A`) or with a parameter over maxParamLength: before
    // any hook, so in the api's shape here rather than Fastify's `{ error, code, message }`.
    frameworkErrors: (error, request, frameworkReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = frameworkReply as FastifyReply;
      reply
        .code(tooLong ? 414 : 400)
        .header(REQUEST_ID_HEADER, request.id)
        .header('x-content-type-options', 'nosniff')
        .send({
          error: tooLong ? 'URI too long' : 'Malformed URL',
          details: [
            {
              path: 'url',
              message: tooLong ? 'A part of the URL is too long' : 'The URL is not correctly encoded',
            },
          ],
        });
    },
  });
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        remoteAddress: request.ip,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });

  await registerDatabase(app, config);
  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerSecurity(app, config);
    registerErrorHandlers(app);
    registerShutdown(app);
    registerStrictBodies(app);
    await registerAuth(app, config);
    await registerOutbox(app, config, outbox);
    registerSlaScheduler(app, config);
    registerTicketServices(app, config);
    registerReplyMailbox(app, config);
    await registerPrivacyJob(app, config);
    await seedDemoDataIfAsked(app, config);
    // The OpenAPI page lists every call and field: off in production unless API_DOCS=true.
    if (config.apiDocs) await registerDocs(app);
    await app.register(apiRoutes, { prefix: '/api' });
    // Attachment downloads live outside /api, where the attachment links point (docs/product.md#calls).
    await app.register(uploadRoutes);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or a request line over
 * Node's limit: 431; anything it cannot parse: 400), in the api's `{ error, details }` shape
 * instead of Fastify's `{ error, message, statusCode }`.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { error: 'Request headers too large', path: 'headers' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { error: 'Request timeout', path: 'request' }]
        : [400, 'Bad Request', { error: 'Malformed request', path: 'request' }];
  const json = JSON.stringify({
    error: body.error,
    details: [{ path: body.path, message: 'The request could not be read' }],
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nX-Content-Type-Options: nosniff\r\n\r\n${json}`,
  );
}

/**
 * HELPDESK_DEMO_DATA=true (npm start, the browser tests) on a database without users: the demo
 * accounts of docs/architecture.md#run-modes. config.ts refuses the flag in production.
 */
async function seedDemoDataIfAsked(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.demoData.enabled || config.nodeEnv === 'production') return;
  if (await seedDemoData(app.db, config.demoData.password, { tickets: config.demoData.tickets })) {
    app.log.info('demo data seeded: sign in as admin@helpdesk.demo (see api/README.md for every account)');
  }
}
