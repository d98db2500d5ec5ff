import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  failedMessagesResponseSchema,
  idParamsSchema,
  retryMessageResponseSchema,
} from 'shared-contracts/contracts';
import { notFound } from '../../httpError';
import { failedMessages, retryMessage } from '../../services/outbox/outboxStore';
import { bearerAuth, errorResponses } from '../errorResponses';

/** Admins: the messages the outbox gave up on, and queueing one again (ADR 0026). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['conversation'];
  app.get(
    API_PATHS.messages.failed,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: 'Failed messages, newest first (admins): why each failed',
        tags,
        security: bearerAuth,
        response: { 200: failedMessagesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ messages: await failedMessages(app.db) }),
  );

  app.post(
    API_PATHS.messages.retry,
    {
      onRequest: app.requireUser('admin'),
      schema: {
        summary: 'Queue a failed or held message again, due now (admins)',
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: retryMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const message = await retryMessage(app.db, request.params.id, app.clock.now());
      if (!message) throw notFound('No failed or held message with this id');
      request.log.info({ outboxId: message.id }, 'message queued again by an admin');
      app.outbox.worker.wake();
      return { message };
    },
  );
};
