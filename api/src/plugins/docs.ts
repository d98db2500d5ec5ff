import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../../package.json';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas: the UI at /api/docs, the document at /api/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Help desk api', version },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `token` of POST /api/auth/login',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null },
    // The UI page needs its own scripts and styles, which the api's CSP forbids: use swagger-ui's
    // hashed CSP there, still never framed, and without forcing https on a plain-http demo.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' upgrade-insecure-requests;', ''),
  });
}
