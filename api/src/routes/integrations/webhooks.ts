/**
 * Webhooks (ADR 0064), admins only: register an HTTPS endpoint with its events (the signing secret
 * is in the answer once), list, remove, and read or retry its deliveries.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  idParamsSchema,
  okResponseSchema,
  webhookCreatedSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookInputSchema,
  webhooksResponseSchema,
} from 'shared-contracts/contracts';
import { HttpError, invalidField } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { recordAudit } from '../../services/audit';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  refusedHost,
  retryDelivery,
  webhookExists,
} from '../../services/integrations/webhooks';
import { auditActorOf } from '../auditActor';
import { errorResponses } from '../errorResponses';

const NO_WEBHOOK = 'No such webhook';

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireUser('admin');

  app.get(
    API_PATHS.integrations.webhooks,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'The registered webhooks, newest first (never their secrets)',
        response: { 200: webhooksResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ webhooks: await listWebhooks(app.db) }),
  );

  app.post(
    API_PATHS.integrations.webhooks,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Register a webhook: the answer holds its signing secret, shown this once',
        description:
          'Events: `ticket.submitted`, `ticket.status_changed`, `ticket.replied`, `stage.escalated`, ' +
          '`appeal.decided`. Deliveries are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, ' +
          '`webhook-signature`) and carry `{ type, timestamp, data }` with ids and public facts only. An ' +
          'address that is loopback, private or link-local is refused unless WEBHOOK_ALLOWED_HOSTS names it.',
        body: webhookInputSchema,
        response: { 201: webhookCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { hostname } = new URL(request.body.url);
      const refused = refusedHost(hostname, app.config.webhookAllowedHosts);
      if (refused) throw invalidField('url', `Webhooks cannot reach ${refused}`);
      const created = await createWebhook(
        app.db,
        app.webhookSealer,
        request.body,
        currentUserOf(request).id,
        app.clock.now(),
      );
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'webhook.create',
        targetType: 'webhook',
        targetId: created.id,
        detail: { host: hostname, events: request.body.events },
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.delete(
    API_PATHS.integrations.webhook,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Remove a webhook: nothing more is sent to it',
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await deleteWebhook(app.db, request.params.id, app.clock.now())))
        throw new HttpError(404, NO_WEBHOOK);
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'webhook.delete',
        targetType: 'webhook',
        targetId: request.params.id,
      });
      return { ok: true as const };
    },
  );

  app.get(
    API_PATHS.integrations.deliveries,
    {
      onRequest: adminOnly,
      schema: {
        summary: "A webhook's deliveries, newest first, with the receiver's last answer",
        params: idParamsSchema,
        response: { 200: webhookDeliveriesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await webhookExists(app.db, request.params.id))) throw new HttpError(404, NO_WEBHOOK);
      reply.header('cache-control', 'no-store');
      return { deliveries: await listDeliveries(app.db, request.params.id) };
    },
  );

  app.post(
    API_PATHS.integrations.retryDelivery,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Send a delivery again now (failed, or waiting for its next attempt)',
        params: webhookDeliveryParamsSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      if (
        !(await webhookExists(app.db, id)) ||
        !(await retryDelivery(app.db, id, deliveryId, app.clock.now()))
      ) {
        throw new HttpError(404, 'No such delivery, or it was sent');
      }
      return { ok: true as const };
    },
  );
};
