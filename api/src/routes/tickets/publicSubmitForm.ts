/**
 * The submit form without scripts (ADR 0035): the form of /add-ticket posts here as plain
 * multipart when no script runs (JavaScript off, or the public remote's files failed), and the
 * answer is a page (services/tickets/submitPage.ts): the form again with the errors next to the
 * values typed, or the confirmation with the share link. The same submit service, limit,
 * idempotency and upload checks as POST /tickets/submit; the key comes in a hidden field.
 *
 * The three GET fragments are what the front door includes into the served form (nginx SSI, the
 * `npm start` gateway likewise): the current cities and committees as `<option>`s and a fresh
 * key, so the form served before any script is complete and current.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ATTACHMENT_FIELD,
  IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeySchema,
  privacyNoticeQuerySchema,
  SUBMIT_KEY_FIELD,
} from 'shared-contracts/contracts';
import { HttpError, tooManyRequests as tooMany } from '../../httpError';
import { listCities } from '../../services/cities';
import { listCommittees } from '../../services/committees';
import { currentNotice } from '../../services/privacy/notices';
import {
  escapeHtml,
  type PageLanguage,
  pageLanguage,
  renderFormPage,
  renderNotice,
  renderOptions,
  renderSubmittedPage,
  SUBMIT_PAGE_CSP,
} from '../../services/tickets/submitPage';
import { cityPresidentNames } from '../../services/users';
import { submitPartLimits } from '../../services/workflow/submitService';
import { tooManyRequests } from './publicAccess';

type App = Parameters<FastifyPluginAsyncZod>[0];

const newKey = () => randomBytes(24).toString('base64url');

function sendHtml(reply: FastifyReply, status: number, html: string, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': SUBMIT_PAGE_CSP,
    })
    .send(html);
}

/** An error of the submit as the page shows it: by field where it names one, else above the form. */
function problemsOf(error: HttpError) {
  const fieldErrors: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    if (detail.path !== 'body' && !fieldErrors[detail.path]) fieldErrors[detail.path] = detail.message;
  }
  const byField = Object.values(fieldErrors).includes(error.message);
  return { fieldErrors, formErrors: byField ? [] : [error.message] };
}

/**
 * Whether the form was posted from a page of another site (ADR 0054): a page anywhere could
 * otherwise make its visitors' browsers file tickets, and so mail text of its choosing to any
 * address. Sec-Fetch-Site when the browser sends it (every current one does); else Origin, whose
 * host must be the one the request was sent to (nginx passes Host; ports are not compared).
 */
export function crossSiteReason(request: FastifyRequest): string | undefined {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    return site === 'same-origin' || site === 'none' ? undefined : `Sec-Fetch-Site: ${site.slice(0, 20)}`;
  }
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).hostname;
  } catch {
    return 'Origin: unreadable';
  }
  const host = (request.headers['x-forwarded-host'] ?? request.headers.host ?? '').toString();
  const hostName = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return originHost.replace(/^\[|\]$/g, '').toLowerCase() === hostName ? undefined : 'Origin: another site';
}

/** The form's own page only: the message of a cross-site post. */
const CROSS_SITE_MESSAGE = "Send the form from this site's own page";

export function registerSubmitFormRoutes(app: App): void {
  const tags = ['tickets'];
  /**
   * The emails one submit causes go to the address typed in it: at most SUBMIT_EMAILS_PER_ADDRESS
   * submits naming one address per day (any case), whoever sends them, so nobody can have the
   * help desk mail one inbox over and over (ADR 0054). Counted once the form is read.
   */
  const recipientOf = new WeakMap<FastifyRequest, string>();
  const perRecipient = app.routeLimiter(
    'submit-recipient',
    { max: app.config.submitEmailsPerAddress, windowMs: 24 * 3600_000 },
    (request) => recipientOf.get(request) ?? '',
  );
  const fragment = (reply: FastifyReply, html: string) =>
    reply.headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).send(html);

  async function formPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    error: HttpError,
    language: PageLanguage,
    values: Record<string, string> = {},
    droppedFile: string | null = null,
  ) {
    const [cities, committees, notice] = await Promise.all([
      listCities(app.db),
      listCommittees(app.db),
      currentNotice(app.db, language),
    ]);
    request.log.info({ status, error: error.message }, 'submit form refused');
    return sendHtml(
      reply,
      status,
      renderFormPage({
        language,
        values,
        ...problemsOf(error),
        droppedFile,
        cities,
        committees,
        idempotencyKey: newKey(),
        notice,
      }),
      error.headers,
    );
  }

  app.get(
    API_PATHS.tickets.submitFormCities,
    {
      schema: {
        summary:
          "The submit form's cities as HTML <option>s, each with its City President's name (included into the form's page, ADR 0035, 0081)",
        tags,
      },
      config: { htmlAnswer: 'The cities as `<option>` elements' },
    },
    async (_request, reply) => {
      const [cities, presidents] = await Promise.all([listCities(app.db), cityPresidentNames(app.db)]);
      return fragment(reply, renderOptions(cities, presidents));
    },
  );
  app.get(
    API_PATHS.tickets.submitFormCommittees,
    {
      schema: {
        summary: "The submit form's committees as HTML <option>s (included into the form's page, ADR 0035)",
        tags,
      },
      config: { htmlAnswer: 'The committees as `<option>` elements' },
    },
    async (_request, reply) => fragment(reply, renderOptions(await listCommittees(app.db))),
  );
  app.get(
    API_PATHS.tickets.submitFormKey,
    {
      schema: {
        summary: `A fresh submit key as the form's hidden ${SUBMIT_KEY_FIELD} field (included into the form's page)`,
        tags,
      },
      config: { htmlAnswer: 'A hidden `<input>` with the key' },
    },
    async (_request, reply) =>
      fragment(reply, `<input type="hidden" name="${SUBMIT_KEY_FIELD}" value="${escapeHtml(newKey())}">`),
  );

  app.get(
    API_PATHS.tickets.submitFormNotice,
    {
      schema: {
        summary:
          "The privacy notice (short, the whole in a <details>), the grievance officer and the version's hidden field, as HTML (included into the form's page, ADR 0068)",
        tags,
        querystring: privacyNoticeQuerySchema,
      },
      config: { htmlAnswer: 'The notice as HTML (empty when none is published)' },
    },
    async (request, reply) => {
      // Included into the page without scripts (nginx SSI, the `npm start` gateway), which asks
      // with the visitor's Accept-Language: the notice is in the language the form's answers are
      // written in (the refused post's page, the member's messages), English when none is known.
      const language = request.query.lang ?? pageLanguage(undefined, request.headers['accept-language']);
      const notice = await currentNotice(app.db, language);
      return fragment(reply, notice ? renderNotice(language, notice) : '');
    },
  );

  app.post(
    API_PATHS.tickets.submitForm,
    {
      // Before the body is read, as the submit: a refused caller costs no upload.
      onRequest: async (request, reply) => {
        const language = pageLanguage(undefined, request.headers['accept-language']);
        const crossSite = crossSiteReason(request);
        if (crossSite) {
          request.log.info({ reason: crossSite }, 'submit form from another site refused');
          const error = new HttpError(403, CROSS_SITE_MESSAGE, [
            { path: 'body', message: CROSS_SITE_MESSAGE },
          ]);
          return formPage(request, reply, 403, error, language);
        }
        const decision = await app.submitLimiter.take(request);
        if (!decision.allowed)
          return formPage(request, reply, 429, tooManyRequests(decision, 'submissions'), language);
        if (!/^multipart\/form-data\s*;/i.test(request.headers['content-type'] ?? '')) {
          const message = 'Send the ticket as multipart/form-data';
          return formPage(
            request,
            reply,
            415,
            new HttpError(415, message, [{ path: 'body', message }]),
            language,
          );
        }
      },
      schema: {
        summary: 'Submit a ticket from the form without scripts (multipart; the answer is an HTML page)',
        description:
          `The fields of POST /tickets/submit, the key in the \`${SUBMIT_KEY_FIELD}\` field instead of the header. ` +
          'The answer is a page in the language of the `language` field or of Accept-Language: 201 with the ' +
          "ticket's share link, else the form again with the values typed (not the file) and the errors " +
          'beside them, with the status POST /tickets/submit would answer (400, 413, 415, 422, 429).',
        tags,
      },
      config: {
        htmlAnswer: "The page with the ticket's share link (201), or the form again with its errors (4xx)",
      },
    },
    async (request, reply) => {
      const accepted = request.headers['accept-language'];
      let received: Awaited<ReturnType<typeof app.ticketSubmits.receiveForm>>;
      try {
        received = await app.ticketSubmits.receiveForm(
          request.parts({ limits: submitPartLimits(app.config.uploadMaxBytes) }),
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return formPage(request, reply, error.statusCode, error, pageLanguage(undefined, accepted));
      }
      const { [SUBMIT_KEY_FIELD]: key, ...fields } = received.fields;
      const language = pageLanguage(fields.language, accepted);
      // The member's messages are written in the page's language, as the live form sends it.
      if (fields.language === undefined) fields.language = language;
      const droppedFile = received.file?.originalName || null;
      try {
        if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) {
          throw new HttpError(400, IDEMPOTENCY_KEY_MESSAGE, [
            { path: SUBMIT_KEY_FIELD, message: IDEMPOTENCY_KEY_MESSAGE },
          ]);
        }
        const email = fields.email?.trim().toLowerCase();
        if (email) {
          // Hashed: the limiter's store names no one.
          recipientOf.set(request, createHash('sha256').update(email).digest('base64url'));
          const allowed = await perRecipient.take(request);
          if (!allowed.allowed) {
            throw tooMany('submissions for this email address', allowed.retryAfterSeconds);
          }
        }
        const answer = await app.ticketSubmits.submitReceived({ fields, file: received.file }, key);
        if (answer.replayed) request.log.info('submit form replayed for its key');
        else
          request.log.info(
            { ticketId: answer.body.ticketId },
            'ticket submitted from the form without scripts',
          );
        return sendHtml(reply, 201, renderSubmittedPage(language, answer.body));
      } catch (error) {
        await app.ticketSubmits.discard(received.file);
        if (!(error instanceof HttpError)) throw error;
        const shown = droppedFile && !error.details?.some((detail) => detail.path === ATTACHMENT_FIELD);
        return formPage(
          request,
          reply,
          error.statusCode,
          error,
          language,
          fields,
          shown ? droppedFile : null,
        );
      }
    },
  );
}
