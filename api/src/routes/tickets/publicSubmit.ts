/**
 * POST /api/tickets/submit (spec §4, §5, §7; ARCHITECTURE §8): multipart fields and an optional
 * `attachment`, idempotent by `Idempotency-Key`, limited per client address.
 *
 * The file is streamed to UPLOAD_DIR/incoming (never held whole in memory), checked (size while
 * streaming, type by its bytes), renamed into place, and only then is the ticket committed; every
 * failure removes the file. The transaction itself does no file I/O (PGlite blocks on it).
 */
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ATTACHMENT_FIELD,
  FILE_TYPE_MESSAGE,
  type FieldProblem,
  fileTooLargeMessage,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HEADER_LOWER,
  idempotencyKeySchema,
  MESSAGES,
  SUBMIT_FORM_FIELDS,
  type TicketSubmitResponse,
  ticketSubmitResponseSchema,
  ticketSubmitSchema,
} from 'shared-contracts/contracts';
import { HttpError } from '../../httpError';
import type { IpThrottle } from '../../services/tickets/accessThrottle';
import { detectFileType, safeFileName } from '../../services/tickets/fileType';
import { findAnswer, requestFingerprint } from '../../services/tickets/idempotency';
import type { ReceivedFile, UploadStore } from '../../services/tickets/storage';
import { createSubmittedTicket, type PlacedFile, resolveSubmitRefs } from '../../services/tickets/submit';
import { publicErrors, tooManyRequests } from './publicAccess';

/** Multipart limits besides the file size: the form has nine short fields and one file. */
export const MULTIPART_LIMITS = {
  files: 1,
  fields: 20,
  parts: 21,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
} as const;

const REUSED_KEY = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different submit`;

function badRequest(message: string, path: string): HttpError {
  return new HttpError(400, message, [{ path, message }]);
}

interface ReceivedForm {
  fields: Record<string, string>;
  file: (ReceivedFile & { originalName: string }) | null;
}

/**
 * Reads the multipart body: the text fields, and the one file streamed into the store. Throws a
 * 400/413 for anything else (a second file, a file under another name, an oversized part), after
 * removing what it had received.
 */
async function receiveForm(
  request: FastifyRequest,
  store: UploadStore,
  maxBytes: number,
): Promise<ReceivedForm> {
  const fields: Record<string, string> = {};
  let file: ReceivedForm['file'] = null;
  let sawFile = false;
  try {
    for await (const part of request.parts({
      limits: { ...MULTIPART_LIMITS, fileSize: maxBytes },
    }) as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (sawFile || part.fieldname !== ATTACHMENT_FIELD) {
          part.file.resume(); // let the parser move on; the answer is a 400 either way
          throw badRequest(`Send at most one file, as the field "${ATTACHMENT_FIELD}"`, ATTACHMENT_FIELD);
        }
        sawFile = true;
        const received = await store.receive(part.file, () => part.file.truncated);
        file = { ...received, originalName: part.filename ?? '' };
        if (received.truncated) {
          throw new HttpError(413, fileTooLargeMessage(maxBytes + 1), [
            { path: ATTACHMENT_FIELD, message: fileTooLargeMessage(maxBytes + 1) },
          ]);
        }
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated)
        throw badRequest('This field is too long', part.fieldname);
      if (Object.hasOwn(fields, part.fieldname))
        throw badRequest('This field was sent twice', part.fieldname);
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    if (file) await store.discard(file.tempPath);
    throw asClientError(error, maxBytes);
  }
  // An empty file input sends a part with no name and no bytes: that is no attachment.
  if (file && file.size === 0 && !file.originalName) {
    await store.discard(file.tempPath);
    file = null;
  }
  return { fields, file };
}

/** The multipart plugin's own errors as the answers this call documents. */
function asClientError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return badRequest(`Send at most one file, as the field "${ATTACHMENT_FIELD}"`, ATTACHMENT_FIELD);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, fileTooLargeMessage(maxBytes + 1), [
      { path: ATTACHMENT_FIELD, message: fileTooLargeMessage(maxBytes + 1) },
    ]);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'Too many form fields', [{ path: 'body', message: 'Too many form fields' }]);
  }
  if (code === 'FST_PROTO_VIOLATION') return badRequest('Invalid field name', 'body');
  if (code === 'FST_REQ_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    // The client went away mid-upload: nobody reads this answer, but it is not a server fault.
    return badRequest('The upload was interrupted', 'body');
  }
  return error;
}

/** The fields checked with the spec's messages (the shared schema the form uses too). */
function validateFields(fields: Record<string, string>) {
  const form = Object.fromEntries(SUBMIT_FORM_FIELDS.map((name) => [name, fields[name] ?? '']));
  const parsed = ticketSubmitSchema.safeParse(form);
  if (parsed.success) return parsed.data;
  const details: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || 'body';
    if (!details.some((problem) => problem.path === path)) details.push({ path, message: issue.message });
  }
  const cityOrCommittee = details.some(
    (problem) => problem.path === 'cityId' || problem.path === 'committeeId',
  );
  const message = cityOrCommittee
    ? MESSAGES.selectCityAndCommittee
    : (details[0]?.message ?? 'Invalid request body');
  throw new HttpError(400, message, details);
}

export function registerSubmitRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  store: UploadStore,
  throttle: IpThrottle,
): void {
  const { config } = app;

  /** The stored answer of this key for this request, undefined when there is none; 422 for another request. */
  async function storedAnswer(idempotencyKey: string | undefined, requestHash: string) {
    const stored = idempotencyKey ? await findAnswer(app.db, idempotencyKey) : undefined;
    if (!stored) return undefined;
    const body = ticketSubmitResponseSchema.safeParse(stored.body);
    if (stored.requestHash !== requestHash || !body.success) {
      throw new HttpError(422, REUSED_KEY, [{ path: IDEMPOTENCY_KEY_HEADER, message: REUSED_KEY }]);
    }
    return { body: body.data, replayed: true };
  }

  /** Checks the form, places the file (reported through `onPlaced`) and writes the ticket once. */
  async function submitOnce(
    fields: Record<string, string>,
    file: ReceivedForm['file'],
    idempotencyKey: string | undefined,
    onPlaced: (file: PlacedFile) => void,
  ): Promise<{ body: TicketSubmitResponse; replayed: boolean }> {
    const input = validateFields(fields);
    const detected = file
      ? await detectFileType(file.originalName, file.head, file.tempPath, file.size)
      : null;
    if (file && !detected) throw badRequest(FILE_TYPE_MESSAGE, ATTACHMENT_FIELD);
    const refs = await resolveSubmitRefs(app.db, input);
    const requestHash = requestFingerprint(
      fields,
      file ? { fileName: file.originalName, sha256: file.sha256, size: file.size } : null,
    );
    const earlier = await storedAnswer(idempotencyKey, requestHash);
    if (earlier) return earlier;

    let placed: PlacedFile | null = null;
    if (file && detected) {
      const storedName = await store.place(file.tempPath, 'attachment', detected.extension);
      placed = {
        kind: 'attachment',
        storedName,
        originalName: safeFileName(file.originalName),
        contentType: detected.contentType,
        size: file.size,
        sha256: file.sha256,
      };
      onPlaced(placed);
    }
    const outcome = await createSubmittedTicket(app.db, {
      input,
      refs,
      file: placed,
      idempotency: idempotencyKey ? { key: idempotencyKey, requestHash } : null,
      unusablePasswordHash: app.dummyPasswordHash,
    });
    if (outcome.kind === 'created') return { body: outcome.body, replayed: false };
    // Another submit with this key won the race: its answer, now committed.
    const winner = await storedAnswer(idempotencyKey, requestHash);
    if (winner) return winner;
    throw new HttpError(409, 'This submit is already in progress: try again in a moment');
  }

  app.post(
    API_PATHS.tickets.submit,
    {
      // Before the body is read: a refused caller costs no upload.
      onRequest: async (request) => {
        const decision = await throttle.reserve(request.ip);
        if (!decision.allowed) throw tooManyRequests(decision, 'submissions');
        const key = request.headers[IDEMPOTENCY_KEY_HEADER_LOWER];
        if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) {
          throw new HttpError(400, 'Invalid request headers', [
            {
              path: IDEMPOTENCY_KEY_HEADER,
              message: 'Must be 8 to 128 letters, digits, - or _ (a UUID fits)',
            },
          ]);
        }
        // (isMultipart() is known only once the body parser ran, after this hook.)
        if (!/^multipart\/form-data\s*;/i.test(request.headers['content-type'] ?? '')) {
          throw new HttpError(415, 'Send the ticket as multipart/form-data', [
            { path: 'body', message: 'Send the ticket as multipart/form-data' },
          ]);
        }
      },
      schema: {
        summary: 'Submit a ticket (multipart: the form fields and an optional attachment)',
        description:
          'Fields as in spec §7 (fullName, cityId, city, cityPresident, mobile, committeeId, committee, email, ' +
          `description); the file part is \`${ATTACHMENT_FIELD}\` (pdf, doc, docx, jpg, jpeg, png; at most ` +
          `UPLOAD_MAX_BYTES, 20 MiB). Send a \`${IDEMPOTENCY_KEY_HEADER}\` header: the same key with the same ` +
          'request answers the first answer again, with a different request 422. The member is found by email ' +
          '(any case) or created; `memberUrl` is only in the answer of the submit that created them. Limited ' +
          'per client address (SUBMIT_MAX_PER_IP per SUBMIT_WINDOW_MS).',
        tags: ['tickets'],
        response: { 201: ticketSubmitResponseSchema, ...publicErrors(400, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER_LOWER] as string | undefined;
      const { fields, file } = await receiveForm(request, store, config.uploadMaxBytes);
      const placed: { file: PlacedFile | null } = { file: null };
      let answer: { body: TicketSubmitResponse; replayed: boolean };
      // Every file is removed, or owned by its committed ticket, before the answer leaves.
      try {
        answer = await submitOnce(fields, file, idempotencyKey, (placedFile) => {
          placed.file = placedFile;
        });
        if (!answer.replayed) placed.file = null; // the ticket owns the file now
      } finally {
        if (placed.file) await store.remove(placed.file.kind, placed.file.storedName);
        if (file) await store.discard(file.tempPath);
      }
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
