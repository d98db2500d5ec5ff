/**
 * The public submit (docs/product.md#ticket-states, docs/product.md#validation, docs/product.md#calls; docs/architecture.md#security-decisions) between the HTTP call and the database:
 * receives the multipart form, checks it with the shared submit validation, places the file and
 * writes the ticket once per `Idempotency-Key`. Built once by the tickets plugin
 * (`app.ticketSubmits`); the route only reads the headers and sends the answer.
 *
 * The file is streamed to UPLOAD_DIR/incoming (never held whole in memory), checked (size while
 * streaming, type by its bytes), renamed into place, and only then is the ticket committed; every
 * failure removes the file. The transaction itself does no file I/O (PGlite blocks on it).
 */
import type { Multipart } from '@fastify/multipart';
import {
  ATTACHMENT_FIELD,
  english,
  FILE_TYPE,
  type FieldProblem,
  fileTooLarge as fileTooLargeText,
  IDEMPOTENCY_KEY_HEADER,
  SUBMIT_FORM_FIELDS,
  type TicketSubmit,
  type TicketSubmitForm,
  type TicketSubmitResponse,
  ticketSubmitResponseSchema,
  validateSubmitForm,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/errors';
import { HttpError } from '../../httpError';
import type { Clock } from '../clock';
import { checkFileContent } from '../tickets/fileContent';
import { detectFileType, safeFileName } from '../tickets/fileType';
import { findAnswer, requestFingerprint } from '../tickets/idempotency';
import type { ReceivedFile, UploadStore } from '../tickets/storage';
import type { Notifier } from './notifications';
import { type AssistedFiling, createSubmittedTicket, type PlacedFile, resolveSubmitRefs } from './submit';

/** Multipart limits besides the file size: the form has nine short fields and one file. */
const MULTIPART_LIMITS = {
  files: 1,
  fields: 20,
  parts: 21,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
} as const;

/** The multipart limits of the submit, with the largest attachment allowed. */
export function submitPartLimits(maxBytes: number) {
  return { ...MULTIPART_LIMITS, fileSize: maxBytes };
}

const REUSED_KEY = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different submit`;

function badRequest(message: string, path: string): HttpError {
  return new HttpError(400, message, [{ path, message }]);
}

function fileTooLarge(maxBytes: number): HttpError {
  const message = english(fileTooLargeText(maxBytes + 1));
  return new HttpError(413, message, [{ path: ATTACHMENT_FIELD, message }]);
}

export interface ReceivedForm {
  fields: Record<string, string>;
  file: (ReceivedFile & { originalName: string }) | null;
}

/** What the checks found of a file: its type by its bytes, and its size and hash after cleaning. */
export interface CheckedFile {
  extension: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface SubmitAnswer {
  body: TicketSubmitResponse;
  /** True when this is the stored answer of an earlier submit with the same key. */
  replayed: boolean;
}

/**
 * The fields checked by the shared submit validation (the one the form runs), as a 400 with one
 * `{ path, message }` per field; the message is the form-level one when the city or committee is
 * missing, else the first field's.
 */
export function validateSubmitFields(fields: Record<string, string>): TicketSubmit {
  const form = {} as TicketSubmitForm;
  for (const name of SUBMIT_FORM_FIELDS) form[name] = fields[name] ?? '';
  const result = validateSubmitForm(form);
  if (result.ok) return result.data;
  const { _form: formMessage, ...byField } = result.errors;
  const details: FieldProblem[] = [];
  for (const [path, message] of Object.entries(byField)) {
    if (message) details.push({ path, message });
  }
  throw new HttpError(400, formMessage ?? details[0]?.message ?? 'Invalid request body', details);
}

/** The multipart plugin's own errors as the answers the submit documents. */
function asClientError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return badRequest(`Send at most one file, as the field "${ATTACHMENT_FIELD}"`, ATTACHMENT_FIELD);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
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

export class SubmitService {
  constructor(
    private readonly db: AppDatabase,
    private readonly store: UploadStore,
    private readonly options: {
      /** The largest attachment (UPLOAD_MAX_BYTES). */
      maxBytes: number;
      /** The password hash of a member the submit creates: one nobody knows the password of. */
      unusablePasswordHash: string;
      /** Writes the submit's messages (docs/architecture.md#conversation-and-notifications). */
      notifier?: Notifier;
      /** The api's one clock (the review stage opens at its now). */
      clock: Clock;
    },
  ) {}

  /**
   * Receives the form from its multipart parts and submits it once. Every file is removed, or
   * owned by its committed ticket, before this returns or throws (but one whose commit's outcome
   * is unknown, which the sweep settles).
   */
  async submit(parts: AsyncIterable<Multipart>, idempotencyKey: string | undefined): Promise<SubmitAnswer> {
    return this.submitReceived(await this.receiveForm(parts), idempotencyKey);
  }

  /**
   * Submits a form already received (`receiveForm`) once: the path of a caller that reads the
   * key or a field from the body first (the form posted without scripts, ADR 0035). Its file is
   * removed, or owned by the committed ticket, before this returns or throws.
   */
  async submitReceived(
    { fields, file }: ReceivedForm,
    idempotencyKey: string | undefined,
    /** Staff filing it for the member (POST /tickets/assisted, ADR 0066): who, and how it came. */
    assisted?: AssistedFiling,
  ): Promise<SubmitAnswer> {
    const placed: { file: PlacedFile | null } = { file: null };
    try {
      const answer = await this.submitOnce(
        fields,
        file,
        idempotencyKey,
        (placedFile) => {
          placed.file = placedFile;
        },
        assisted,
      );
      if (!answer.replayed) placed.file = null; // the ticket owns the file now
      return answer;
    } catch (error) {
      // The database went away mid-write: its COMMIT may have gone through with only the answer
      // lost, so the file stays rather than a committed ticket naming no file; the sweep removes
      // it later if no ticket names it.
      if (isDatabaseUnavailable(error)) placed.file = null;
      throw error;
    } finally {
      if (placed.file) await this.store.remove(placed.file.kind, placed.file.storedName);
      if (file) await this.store.discard(file.tempPath);
    }
  }

  /**
   * Reads the multipart body: the text fields, and the one file streamed into the store. Throws a
   * 400/413 for anything else (a second file, a file under another name, an oversized part), after
   * removing what it had received.
   */
  async receiveForm(parts: AsyncIterable<Multipart>): Promise<ReceivedForm> {
    const { maxBytes } = this.options;
    const fields: Record<string, string> = {};
    let file: ReceivedForm['file'] = null;
    let sawFile = false;
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          if (sawFile || part.fieldname !== ATTACHMENT_FIELD) {
            part.file.resume(); // let the parser move on; the answer is a 400 either way
            throw badRequest(`Send at most one file, as the field "${ATTACHMENT_FIELD}"`, ATTACHMENT_FIELD);
          }
          sawFile = true;
          const received = await this.store.receive(part.file, () => part.file.truncated);
          file = { ...received, originalName: part.filename ?? '' };
          if (received.truncated) throw fileTooLarge(maxBytes);
          continue;
        }
        if (part.fieldnameTruncated || part.valueTruncated)
          throw badRequest('This field is too long', part.fieldname);
        if (Object.hasOwn(fields, part.fieldname))
          throw badRequest('This field was sent twice', part.fieldname);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    } catch (error) {
      if (file) await this.store.discard(file.tempPath);
      throw asClientError(error, maxBytes);
    }
    // An empty file input sends a part with no name and no bytes: that is no attachment.
    if (file && file.size === 0 && !file.originalName) {
      await this.store.discard(file.tempPath);
      file = null;
    }
    return { fields, file };
  }

  /**
   * The upload rules of the submit (docs/product.md#validation): the type by its bytes and the
   * content inside; a 400 for a file that breaks them. Used by the replies too.
   */
  async checkFile(file: ReceivedForm['file']): Promise<CheckedFile | null> {
    if (!file) return null;
    const detected = await detectFileType(file.originalName, file.head, file.tempPath, file.size);
    if (!detected) throw badRequest(english(FILE_TYPE), ATTACHMENT_FIELD);
    // What is inside: pixel count, active PDF content, DOCX entities; a photo loses its EXIF here.
    const content = await checkFileContent(detected.kind, file.tempPath, file);
    if (!content.ok) throw badRequest(content.message, ATTACHMENT_FIELD);
    return {
      extension: detected.extension,
      contentType: detected.contentType,
      size: content.size,
      sha256: content.sha256,
    };
  }

  /** Moves a checked file into the store under a random name (the caller removes it on failure). */
  async placeFile(file: ReceivedForm['file'], checked: CheckedFile | null): Promise<PlacedFile | null> {
    if (!file || !checked) return null;
    const storedName = await this.store.place(file.tempPath, 'attachment', checked.extension);
    return {
      kind: 'attachment',
      storedName,
      originalName: safeFileName(file.originalName),
      contentType: checked.contentType,
      size: checked.size,
      sha256: checked.sha256,
    };
  }

  /** Removes a placed file (a reply or submit that did not commit). */
  removePlaced(file: PlacedFile): Promise<void> {
    return this.store.remove(file.kind, file.storedName);
  }

  /** Removes a received file's temporary copy. */
  discard(file: ReceivedForm['file']): Promise<void> {
    return file ? this.store.discard(file.tempPath) : Promise.resolve();
  }

  /** The stored answer of this key for this request, undefined when there is none; 422 for another request. */
  private async storedAnswer(
    idempotencyKey: string | undefined,
    requestHash: string,
  ): Promise<SubmitAnswer | undefined> {
    const stored = idempotencyKey ? await findAnswer(this.db, idempotencyKey) : undefined;
    if (!stored) return undefined;
    const body = ticketSubmitResponseSchema.safeParse(stored.body);
    if (stored.requestHash !== requestHash || !body.success) {
      throw new HttpError(422, REUSED_KEY, [{ path: IDEMPOTENCY_KEY_HEADER, message: REUSED_KEY }]);
    }
    return { body: body.data, replayed: true };
  }

  /** Checks the form, places the file (reported through `onPlaced`) and writes the ticket once. */
  private async submitOnce(
    fields: Record<string, string>,
    file: ReceivedForm['file'],
    idempotencyKey: string | undefined,
    onPlaced: (file: PlacedFile) => void,
    assisted: AssistedFiling | undefined,
  ): Promise<SubmitAnswer> {
    const input = validateSubmitFields(fields);
    const checked = await this.checkFile(file);
    const refs = await resolveSubmitRefs(this.db, input);
    const requestHash = requestFingerprint(
      fields,
      file ? { fileName: file.originalName, sha256: file.sha256, size: file.size } : null,
    );
    const earlier = await this.storedAnswer(idempotencyKey, requestHash);
    if (earlier) return earlier;

    const placed = await this.placeFile(file, checked);
    if (placed) onPlaced(placed);
    const outcome = await createSubmittedTicket(this.db, {
      input,
      refs,
      file: placed,
      idempotency: idempotencyKey ? { key: idempotencyKey, requestHash } : null,
      unusablePasswordHash: this.options.unusablePasswordHash,
      notifier: this.options.notifier,
      now: this.options.clock.now(),
      assisted,
    });
    if (outcome.kind === 'created') {
      return { body: outcome.body, replayed: false };
    }
    // Another submit with this key won the race: its answer, now committed.
    const winner = await this.storedAnswer(idempotencyKey, requestHash);
    if (winner) return winner;
    throw new HttpError(409, 'This submit is already in progress: try again in a moment');
  }
}
