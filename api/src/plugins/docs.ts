import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../../package.json';
import { errorResponses } from '../routes/errorResponses';
import { operationIdOf, TAGS, tagOf } from '../routes/operations';
import { documentedSecurityOf } from './auth';

export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers an HTML page or fragment: what its success holds (OpenAPI only). */
    htmlAnswer?: string;
  }
}

/**
 * What the document says of each route beside its zod schemas (docs/adr/0062): its operationId
 * and tag, its security as its guards define it (a route without a guard nor a `security` of its
 * own is public: `security: []`), and the general per-address limit's 429 that every route may give.
 */
function describeRoute(schema: FastifySchema & Record<string, unknown>, url: string, route: RouteOptions) {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const hooks = [route.onRequest ?? []].flat();
  const response = (schema.response ?? {}) as Record<string | number, unknown>;
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(String(method), url),
    tags: schema.tags ?? [tagOf(url)],
    security: schema.security ?? documentedSecurityOf(hooks) ?? [],
    response: { ...errorResponses(429), ...response },
  };
}

/** OpenAPI generated from the routes' zod schemas: the UI at /api/docs, the document at /api/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Help desk api',
        version,
        description:
          'The calls of the help desk portal. Staff sign in (POST /api/auth/login) and send the `token` as ' +
          '`Authorization: Bearer`; other software sends an API token an admin created, limited to its scopes.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the calls are on the origin that serves this document, whatever PUBLIC_URL says.
      servers: [{ url: '/', description: 'The portal that serves this document' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `token` of POST /api/auth/login',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token an admin created (`hdk_…`), with its scopes: a call lists the scope it needs ' +
              '(403 `{ details: [{ code: "SCOPE", scope }] }` without it)',
          },
          accessKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Access-Key',
            description: "A ticket's or a member's private link key",
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform({
        ...input,
        schema: describeRoute(
          input.schema as FastifySchema & Record<string, unknown>,
          input.url,
          input.route,
        ),
      });
      const htmlAnswer = input.route.config?.htmlAnswer;
      if (!htmlAnswer) return transformed;
      const response = (transformed.schema.response ?? {}) as Record<string, unknown>;
      const html = { description: htmlAnswer, content: { 'text/html': { schema: { type: 'string' } } } };
      const success = input.route.method === 'POST' ? '201' : '200';
      return {
        ...transformed,
        schema: { ...transformed.schema, response: { [success]: html, ...response } },
      };
    },
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
