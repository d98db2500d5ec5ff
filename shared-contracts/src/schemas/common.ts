/**
 * Building blocks of every schema: ids, paging, dates, the error answer and the headers of
 * docs/architecture.md#security-decisions. Strings are trimmed and capped so an oversized value is a 400, never a 500.
 */
import * as z from 'zod/mini';
import { MAX_ID, MAX_PAGE_SIZE, MOBILE_DIGITS, TEXT_LIMITS } from '../constants';

/** An id inside a JSON body or answer: a positive integer that fits PostgreSQL's `integer`. */
export const idSchema = z.number().check(z.int(), z.positive(), z.lte(MAX_ID));

/** An id that arrives as text (path parameter, query, multipart field). */
export const coercedIdSchema = z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ID));

/** `{ id }` path parameters, e.g. `/tickets/{id}`. */
export const idParamsSchema = z.object({ id: coercedIdSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/**
 * Characters no text field takes: C0 controls (U+0000 NUL among them, which PostgreSQL refuses in
 * text: a 500 before these checks), DEL and the C1 controls. Multi-line fields (descriptions,
 * comments) take CR and LF, and nothing else of these.
 */
const CONTROL_CHARACTER = /\p{Cc}/u; // Cc: U+0000-U+001F and U+007F-U+009F
const CONTROL_CHARACTER_BUT_NEWLINES = /[^\P{Cc}\r\n]/u;
/** Bidi embeddings, overrides and isolates: in a name they can make it read as another name. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';
export const BIDI_CONTROLS_MESSAGE = 'Must not contain text-direction control characters';

/** What a text field may hold: one line (the default), or several lines. */
export interface TextOptions {
  multiLine?: boolean;
}

/** Refuses the control characters a field of this kind may not hold. */
export function withoutControlCharacters(
  schema: z.ZodMiniString<string>,
  { multiLine = false }: TextOptions = {},
) {
  // A search for one forbidden character: linear, and no recursion on a huge value.
  const forbidden = multiLine ? CONTROL_CHARACTER_BUT_NEWLINES : CONTROL_CHARACTER;
  return schema.check(z.refine((text) => !forbidden.test(text), CONTROL_CHARACTERS_MESSAGE));
}

/** A name (of a person, city or committee): a text of one line, without bidi controls either. */
export function asName(schema: z.ZodMiniString<string>) {
  return schema.check(z.refine((text) => !BIDI_CONTROL.test(text), BIDI_CONTROLS_MESSAGE));
}

/** A trimmed, required text of at most `max` characters. */
export function requiredText(
  max: number,
  requiredMessage = 'This field is required',
  options: TextOptions = {},
) {
  return withoutControlCharacters(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: requiredMessage, abort: true }),
        z.maxLength(max, `Must be at most ${max} characters`),
      ),
    options,
  );
}

/** A trimmed, optional text of at most `max` characters (an empty string stays empty). */
export function optionalText(max: number, options: TextOptions = {}) {
  return withoutControlCharacters(
    z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)),
    options,
  );
}

/** A person's full name, city or committee name: trimmed, 1 to 120 characters. */
export const nameSchema = asName(requiredText(TEXT_LIMITS.name));

/** The message of docs/product.md#validation for an invalid email. */
export const EMAIL_MESSAGE = 'Please provide a valid email address.';

/** An email: trimmed, lowercased, valid format, at most 254 characters. */
export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(TEXT_LIMITS.email, { error: EMAIL_MESSAGE, abort: true }),
    z.regex(z.regexes.email, EMAIL_MESSAGE),
  );

/** A mobile number: exactly 10 digits (docs/product.md#validation and docs/product.md#constants), with the product's messages. */
export const mobileSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'Mobile number is required', abort: true }),
    z.regex(new RegExp(`^\\d{${MOBILE_DIGITS}}$`), `Mobile number must be ${MOBILE_DIGITS} digits`),
  );

/** A calendar day `YYYY-MM-DD` (docs/product.md#calls dates). */
export const isoDateSchema = z.iso.date();

/** A point in time as an ISO 8601 string in UTC or with an offset (how the api sends times). */
export const dateTimeSchema = z.iso.datetime({ offset: true });

/** Paging of list calls (docs/architecture.md#api). Absent means the api's default. */
export const pagingQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE))),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** A count in an answer. */
export const countSchema = z.number().check(z.int(), z.nonnegative());

/**
 * One field-level problem in `details` of a 400 or 422. `code`: a stable name of a rule's refusal
 * (e.g. `SLA_TOO_MANY_EXTENSIONS`) a client may branch on.
 */
export const fieldProblemSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.optional(z.string()),
  /** With `code: 'SCOPE'`: the scope an API token needs for the call (null: no scope opens it). */
  scope: z.optional(z.nullable(z.string())),
});
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

/** Every error answer (docs/product.md#calls, docs/product.md#errors): `{ error, details? }`. */
export const errorAnswerSchema = z.object({
  error: z.string(),
  details: z.optional(z.unknown()),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** `{ success: true }` for calls whose answer carries nothing else. */
export const successAnswerSchema = z.object({ success: z.boolean() });
export type SuccessAnswer = z.infer<typeof successAnswerSchema>;

/**
 * The header that carries a share-link secret (docs/architecture.md#security-decisions). The page reads the key from the
 * URL fragment (`#key=…`) and sends it on `GET /api/tickets/{id}`, `GET /api/tickets/user/{id}`
 * and attachment downloads.
 */
export const ACCESS_KEY_HEADER = 'X-Access-Key';
/** The same header as Node's request object names it. */
export const ACCESS_KEY_HEADER_LOWER = 'x-access-key';
/** The header that makes a submit idempotent (docs/architecture.md#security-decisions). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_HEADER_LOWER = 'idempotency-key';

/** A share-link secret: 32 random bytes in base64url (43 characters, no padding). */
export const accessKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid access key'));

/**
 * An idempotency key: 22 to 128 url-safe characters, room for at least 128 random bits (16 bytes in
 * base64url). A key that can be guessed would let someone else's identical submit be answered
 * with the first one's private links; the client sends 32 random bytes (`newIdempotencyKey`).
 */
export const IDEMPOTENCY_KEY_MESSAGE =
  'Must be 22 to 128 letters, digits, - or _ (16 or more random bytes in base64url)';
export const idempotencyKeySchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,128}$/, IDEMPOTENCY_KEY_MESSAGE));

/** Request headers of the calls a share link may open (Fastify lowercases header names). */
export const accessKeyHeadersSchema = z.object({ [ACCESS_KEY_HEADER_LOWER]: z.optional(accessKeySchema) });
export type AccessKeyHeaders = z.infer<typeof accessKeyHeadersSchema>;

/** Request headers of the submit call. */
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER_LOWER]: z.optional(idempotencyKeySchema),
});
export type IdempotencyHeaders = z.infer<typeof idempotencyHeadersSchema>;
