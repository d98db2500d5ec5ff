/**
 * POST /api/tickets/assisted (ADR 0066): staff of a city (and admins) file a complaint for a member
 * who phoned, walked in, wrote a letter or sent an email: the public submit's multipart fields and
 * file, plus `channel`. It goes through the public submit's own path (`app.ticketSubmits`: the same
 * checks, member record, links, confirmation messages and idempotency), with the filing recorded on
 * the ticket (its channel) and in its history (who filed it and how).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ASSISTED_CHANNEL_MESSAGE,
  type AssistedChannel,
  ATTACHMENT_FIELD,
  assistedChannelSchema,
  CHANNEL_FIELD,
  CITY_SCOPED_ROLES,
  coercedIdSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HEADER_LOWER,
  ticketSubmitResponseSchema,
} from 'shared-contracts/contracts';
import { HttpError } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { submitPartLimits, validateSubmitFields } from '../../services/workflow/submitService';
import { bearerAuth, errorResponses } from '../errorResponses';
import { publicErrors } from '../tickets/publicAccess';
import { checkSubmitHeaders } from '../tickets/publicSubmit';

/** The roles that may file for a member: admins anywhere, a city's office bearers in their city. */
const FILERS = ['admin', ...CITY_SCOPED_ROLES] as const;

export const OTHER_CITY_MESSAGE = "You may file complaints only for your own city's chapter";
export const OTHER_CITY_CODE = 'ASSISTED_OTHER_CITY';

/**
 * The submit's own checks of the fields (its 400 names each field) with the channel's, as one
 * 400 naming every field at fault.
 */
function checkedChannel(fields: Record<string, string>): AssistedChannel {
  const channel = assistedChannelSchema.safeParse(fields[CHANNEL_FIELD]);
  let refusal: HttpError | null = null;
  try {
    validateSubmitFields(fields);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    refusal = error;
  }
  if (channel.success && !refusal) return channel.data;
  const details = [
    ...(refusal?.details ?? []),
    ...(channel.success ? [] : [{ path: CHANNEL_FIELD, message: ASSISTED_CHANNEL_MESSAGE }]),
  ];
  throw new HttpError(400, refusal?.message ?? ASSISTED_CHANNEL_MESSAGE, details);
}

export function registerAssistedRoute(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.post(
    API_PATHS.tickets.assisted,
    {
      onRequest: [...app.requireUser(...FILERS), async (request) => checkSubmitHeaders(request)],
      schema: {
        summary: 'File a complaint for a member who phoned, walked in or wrote (staff of its city, admins)',
        description:
          'Multipart: the fields of POST /tickets/submit (`language`: the member’s language, for their ' +
          `messages) plus \`${CHANNEL_FIELD}\`: phone, walk-in, letter or email; the file part is ` +
          `\`${ATTACHMENT_FIELD}\` (a scanned letter: the submit's upload rules). The member record, ` +
          'links and confirmation messages are those of a public submit; the history records who filed ' +
          'it and how. A city president, convenor or office bearer files only for their own city (403 ' +
          `${OTHER_CITY_CODE}). Idempotent by \`${IDEMPOTENCY_KEY_HEADER}\` like the submit.`,
        security: bearerAuth,
        response: {
          201: ticketSubmitResponseSchema,
          ...errorResponses(401, 403),
          ...publicErrors(400, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = currentUserOf(request);
      const form = await app.ticketSubmits.receiveForm(
        request.parts({ limits: submitPartLimits(app.config.uploadMaxBytes) }),
      );
      try {
        const channel = checkedChannel(form.fields);
        // Another city's office bearer is refused before anything is written.
        const cityId = coercedIdSchema.safeParse(form.fields.cityId);
        if (actor.role !== 'admin' && (!cityId.success || cityId.data !== actor.cityId)) {
          throw new HttpError(403, OTHER_CITY_MESSAGE, [
            { path: 'cityId', message: OTHER_CITY_MESSAGE, code: OTHER_CITY_CODE },
          ]);
        }
        const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER_LOWER] as string | undefined;
        const answer = await app.ticketSubmits.submitReceived(form, idempotencyKey, {
          by: { id: actor.id, role: actor.role },
          channel,
        });
        if (!answer.replayed)
          request.log.info({ ticketId: answer.body.ticketId, channel }, 'ticket filed by staff');
        return reply
          .code(201)
          .headers({
            'cache-control': 'no-store',
            ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
          })
          .send(answer.body);
      } catch (error) {
        // submitReceived removes the file itself; a refusal before it must too.
        await app.ticketSubmits.discard(form.file);
        throw error;
      }
    },
  );
}
