/**
 * POST /api/tickets/submit (docs/product.md#ticket-states, docs/product.md#validation, docs/product.md#calls; docs/architecture.md#security-decisions): multipart fields and an optional
 * `attachment`, idempotent by `Idempotency-Key`, limited per client address. The route checks what
 * it can before the body is read (the limit, the key, the content type) and hands the body to the
 * submit service (`app.ticketSubmits`, services/tickets/submitService.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ATTACHMENT_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HEADER_LOWER,
  IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeySchema,
  ticketSubmitResponseSchema,
} from 'shared-contracts/contracts';
import { HttpError } from '../../httpError';
import { submitPartLimits } from '../../services/workflow/submitService';
import { publicErrors, tooManyRequests } from './publicAccess';

/**
 * What a ticket submit's headers must say, checked before the body is read (the public submit and
 * staff filing for a member share it): a well-formed Idempotency-Key if any, and a multipart body
 * (isMultipart() is known only once the body parser ran, after the onRequest hooks).
 */
export function checkSubmitHeaders(request: FastifyRequest): void {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER_LOWER];
  if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) {
    throw new HttpError(400, 'Invalid request headers', [
      { path: IDEMPOTENCY_KEY_HEADER, message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  }
  if (!/^multipart\/form-data\s*;/i.test(request.headers['content-type'] ?? '')) {
    throw new HttpError(415, 'Send the ticket as multipart/form-data', [
      { path: 'body', message: 'Send the ticket as multipart/form-data' },
    ]);
  }
}

export function registerSubmitRoute(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.post(
    API_PATHS.tickets.submit,
    {
      // Before the body is read: a refused caller costs no upload.
      onRequest: async (request) => {
        const decision = await app.submitLimiter.take(request);
        if (!decision.allowed) throw tooManyRequests(decision, 'submissions');
        checkSubmitHeaders(request);
      },
      schema: {
        summary: 'Submit a ticket (multipart: the form fields and an optional attachment)',
        description:
          'Fields as in docs/product.md#calls (fullName, cityId, city, cityPresident, mobile, committeeId, committee, email, ' +
          `description, phoneUpdates: 'true' when the SMS/WhatsApp opt-in is ticked, language: en, hi or mr, the language of the member's messages); the file part is \`${ATTACHMENT_FIELD}\` (pdf, doc, docx, jpg, jpeg, png; at most ` +
          `UPLOAD_MAX_BYTES, 20 MiB). Send a \`${IDEMPOTENCY_KEY_HEADER}\` header: the same key with the same ` +
          'request answers the first answer again, with a different request 422. The member record is found by ' +
          'email (any case) or created, never a staff account; the answer has the same keys whoever submits ' +
          '(the member link goes by email: ADR 0030). Limited ' +
          'per client address (SUBMIT_MAX_PER_IP per SUBMIT_WINDOW_MS).',
        tags: ['tickets'],
        response: { 201: ticketSubmitResponseSchema, ...publicErrors(400, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER_LOWER] as string | undefined;
      const answer = await app.ticketSubmits.submit(
        request.parts({ limits: submitPartLimits(app.config.uploadMaxBytes) }),
        idempotencyKey,
      );
      if (answer.replayed) request.log.info('submit replayed for its idempotency key');
      else request.log.info({ ticketId: answer.body.ticketId }, 'ticket submitted');
      return reply
        .code(201)
        .headers({
          'cache-control': 'no-store',
          ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
        })
        .send(answer.body);
    },
  );
}
