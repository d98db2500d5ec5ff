import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type LogDestination, loggerOptions, REQUEST_ID_HEADER, requestIdOf } from './logging';
import { registerDatabase } from './plugins/db';
import { registerDocs } from './plugins/docs';
import { registerErrorHandlers } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { apiRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Log lines go here instead of stdout (tests read them). */
  logDestination?: LogDestination;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds the api with its database open and migrated, without listening: server.ts listens,
 * tests use `inject`. Closing the app closes the database.
 */
export async function buildApp({ config, logDestination }: BuildAppOptions) {
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(config, logDestination),
    genReqId: requestIdOf,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await registerDatabase(app, config);
  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerSecurity(app, config);
    registerErrorHandlers(app);
    await registerDocs(app);
    await app.register(apiRoutes, { prefix: '/api' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app.withTypeProvider<ZodTypeProvider>();
}
