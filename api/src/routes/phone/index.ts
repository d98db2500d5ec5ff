/**
 * The phone providers' webhooks (ADR 0060), public and signed by their sender:
 *
 * - GET /phone/whatsapp: WhatsApp's subscription check (`hub.verify_token` = WHATSAPP_VERIFY_TOKEN);
 * - POST /phone/whatsapp: WhatsApp's statuses (delivery receipts) and members' messages (STOP),
 *   signed `X-Hub-Signature-256: sha256=<HMAC of the body under WHATSAPP_APP_SECRET>`;
 * - POST /phone/sms/receipts: the SMS gateway's delivery reports;
 * - POST /phone/sms/inbound: an SMS a member sent (STOP);
 *   both signed `X-Webhook-Signature: sha256=<HMAC of the body under SMS_WEBHOOK_SECRET>`.
 *
 * A webhook whose secret is not configured does not exist (404); a missing or wrong signature is
 * refused with 401 before the body is read.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  isStopWord,
  phoneWebhookResponseSchema,
  smsInboundSchema,
  smsReceiptsSchema,
  whatsappVerifyQuerySchema,
  whatsappWebhookSchema,
} from 'shared-contracts/contracts';
import * as z from 'zod/mini';
import { HttpError, notFound } from '../../httpError';
import {
  applyReceipts,
  signatureMatches,
  smsReceipts,
  whatsappReceipts,
  whatsappStops,
} from '../../services/outbox/receipts';
import { stopNumber } from '../../services/workflow/phoneStop';
import { errorResponses } from '../errorResponses';

/** A JSON body read as the bytes that were signed, then parsed and checked against `schema`. */
function parsedBody<T>(raw: unknown, schema: z.ZodMiniType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : '');
  } catch {
    throw new HttpError(400, 'Invalid request body', [{ path: 'body', message: 'The body is not JSON' }]);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new HttpError(
      400,
      parsed.error.issues[0]?.message ?? 'Invalid request body',
      parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.') || 'body',
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

const unsigned = () =>
  new HttpError(401, 'Missing or wrong signature', [
    { path: 'headers', message: 'The signature does not match the body' },
  ]);

/**
 * A webhook's body, once its signature holds: `header` carries the HMAC of the bytes as sent under
 * `secret`. A webhook whose secret is not set does not exist (404); a wrong signature is a 401.
 */
function signedBody<T>(
  request: FastifyRequest,
  header: 'x-hub-signature-256' | 'x-webhook-signature',
  secret: string | undefined,
  schema: z.ZodMiniType<T>,
): T {
  if (!secret) throw notFound('Not found');
  const raw = request.body as Buffer;
  const signature = request.headers[header];
  if (!signatureMatches(raw, typeof signature === 'string' ? signature : undefined, secret)) throw unsigned();
  return parsedBody(raw, schema);
}

const signed = z.looseObject({
  'x-hub-signature-256': z.optional(z.string()),
  'x-webhook-signature': z.optional(z.string()),
});

export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { whatsapp, sms } = app.config.phoneWebhooks;
  // These routes read their bodies as bytes: the signature is over the bytes as sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const tags = ['messages'];
  const answers = { 200: phoneWebhookResponseSchema, ...errorResponses(400, 401, 404) };

  app.get(
    API_PATHS.phone.whatsapp,
    {
      schema: {
        summary: "WhatsApp's subscription check: answers hub.challenge when hub.verify_token is ours",
        tags,
        querystring: whatsappVerifyQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      if (!whatsapp.verifyToken) throw notFound('Not found');
      const query = request.query;
      const token = query['hub.verify_token'] ?? '';
      if (query['hub.mode'] !== 'subscribe' || !signatureMatchesToken(token, whatsapp.verifyToken))
        throw unsigned();
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    API_PATHS.phone.whatsapp,
    {
      schema: {
        summary: "WhatsApp's webhook: delivery statuses and members' messages (STOP), signed",
        description:
          'Signed by Meta: `X-Hub-Signature-256: sha256=` the HMAC-SHA256 of the body under the app secret ' +
          '(WHATSAPP_APP_SECRET). A status `delivered` or `read` marks the message delivered, `failed` failed; ' +
          'a message STOP withdraws the consent of every member with that number.',
        tags,
        headers: signed,
        response: answers,
      },
    },
    async (request) => {
      const body = signedBody(request, 'x-hub-signature-256', whatsapp.appSecret, whatsappWebhookSchema);
      const now = app.clock.now();
      const delivered = await applyReceipts(app.db, whatsappReceipts(body), now);
      let stopped = 0;
      for (const from of whatsappStops(body)) stopped += await stopNumber(app.db, from, now);
      request.log.info({ changed: delivered, stopped }, 'whatsapp webhook');
      return { ok: true as const };
    },
  );

  app.post(
    API_PATHS.phone.smsReceipts,
    {
      schema: {
        summary: "The SMS gateway's delivery reports, signed",
        description:
          '`X-Webhook-Signature: sha256=` the HMAC-SHA256 of the body under SMS_WEBHOOK_SECRET. One report or a ' +
          'list, as `{ requestId, desc }` (MSG91): DELIVERED marks the message delivered, a failure failed.',
        tags,
        headers: signed,
        response: answers,
      },
    },
    async (request) => {
      const reports = signedBody(request, 'x-webhook-signature', sms.webhookSecret, smsReceiptsSchema);
      const changed = await applyReceipts(app.db, smsReceipts(reports), app.clock.now());
      request.log.info({ changed }, 'sms delivery reports');
      return { ok: true as const };
    },
  );

  app.post(
    API_PATHS.phone.smsInbound,
    {
      schema: {
        summary: 'An SMS a member sent (STOP withdraws their consent at once), signed',
        description: '`{ from, text }`, signed as the delivery reports are.',
        tags,
        headers: signed,
        response: answers,
      },
    },
    async (request) => {
      const message = signedBody(request, 'x-webhook-signature', sms.webhookSecret, smsInboundSchema);
      const stopped = isStopWord(message.text) ? await stopNumber(app.db, message.from, app.clock.now()) : 0;
      request.log.info({ stopped }, 'inbound sms');
      return { ok: true as const };
    },
  );
};

/** The verify token compared in constant time. */
function signatureMatchesToken(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
