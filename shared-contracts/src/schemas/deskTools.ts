/**
 * Desk tools (ADR 0065, ADR 0066): canned answers kept in English, Hindi and Marathi with
 * variables filled when one is inserted into a reply, and complaints that staff file for a member
 * who phoned, walked in, wrote a letter or sent an email.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { coercedIdSchema, countSchema, dateTimeSchema, idSchema, requiredText } from './common';
import { MESSAGE_LANGUAGES } from './tickets';

/** The languages a canned answer is kept in: the languages of the member's messages. */
export const CANNED_LANGUAGES = MESSAGE_LANGUAGES;
export type CannedLanguage = (typeof CANNED_LANGUAGES)[number];
export const cannedLanguageSchema = z.enum(CANNED_LANGUAGES);

/** The variables a canned answer may use, written `{memberName}`; filled when it is inserted. */
export const CANNED_VARIABLES = ['memberName', 'ticketNumber', 'dueDate', 'officeBearer'] as const;
export type CannedVariable = (typeof CANNED_VARIABLES)[number];
export type CannedValues = Record<CannedVariable, string>;

/** `{word}` in a canned answer's text: a variable when its word is one of CANNED_VARIABLES. */
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The `{words}` of a text that are no variable (a typo such as `{membername}`), each once. */
export function unknownCannedVariables(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const word = match[1] as string;
    if (!(CANNED_VARIABLES as readonly string[]).includes(word)) unknown.add(word);
  }
  return [...unknown];
}

/** The text with each variable replaced by its value; anything else stays as written. */
export function fillCannedText(text: string, values: Partial<CannedValues>): string {
  return text.replace(PLACEHOLDER, (whole, word: string) => {
    const value = (values as Record<string, string | undefined>)[word];
    return (CANNED_VARIABLES as readonly string[]).includes(word) && value !== undefined ? value : whole;
  });
}

/** The variables as an office bearer writes them: `{memberName}, {ticketNumber}, …`. */
export const CANNED_VARIABLE_LIST = CANNED_VARIABLES.map((name) => `{${name}}`).join(', ');

/** The message of a text that names a variable the product does not know. */
export const UNKNOWN_VARIABLE_MESSAGE = `Use only the variables ${CANNED_VARIABLE_LIST}`;

/** A canned answer's title in one language. */
const cannedTitleSchema = requiredText(TEXT_LIMITS.title, 'Title is required');
/** A canned answer's text in one language: several lines, only known variables. */
const cannedTextSchema = requiredText(TEXT_LIMITS.comment, 'Text is required', { multiLine: true }).check(
  z.refine((text) => unknownCannedVariables(text).length === 0, UNKNOWN_VARIABLE_MESSAGE),
);

const inEveryLanguage = <S extends z.ZodMiniType>(schema: S) =>
  z.object({ en: schema, hi: schema, mr: schema });

/**
 * POST /canned-responses and PUT /canned-responses/{id} body. `cityId`: the chapter the answer
 * belongs to; null or absent keeps it for every chapter (admins only: a city president's answers
 * are always their own chapter's, whatever is sent).
 */
export const cannedResponseInputSchema = z.object({
  title: inEveryLanguage(cannedTitleSchema),
  text: inEveryLanguage(cannedTextSchema),
  cityId: z.optional(z.nullable(idSchema)),
});
export type CannedResponseInput = z.infer<typeof cannedResponseInputSchema>;
export type CannedResponseInputForm = z.input<typeof cannedResponseInputSchema>;

/** A text in each language. */
const translatedSchema = z.object({ en: z.string(), hi: z.string(), mr: z.string() });

/**
 * A canned answer. `shown`: its title and text in the language asked for (`lang`), the text's
 * variables filled for the ticket asked for (`ticketId`). `uses`: how many replies were sent with
 * it. `editable`: whether the caller may change it (admins any, a city president their chapter's).
 */
export const cannedResponseSchema = z.object({
  id: idSchema,
  cityId: z.nullable(idSchema),
  city: z.nullable(z.string()),
  title: translatedSchema,
  text: translatedSchema,
  shown: z.optional(z.object({ title: z.string(), text: z.string() })),
  uses: countSchema,
  editable: z.boolean(),
  updatedAt: dateTimeSchema,
});
export type CannedResponse = z.infer<typeof cannedResponseSchema>;

/**
 * GET /canned-responses query: `lang` the language to show them in; `ticketId` the ticket whose
 * reply they go into (its chapter's answers, its member's language when `lang` is absent, the
 * variables filled for it).
 */
export const cannedResponsesQuerySchema = z.object({
  lang: z.optional(cannedLanguageSchema),
  ticketId: z.optional(coercedIdSchema),
});
export type CannedResponsesQuery = z.infer<typeof cannedResponsesQuerySchema>;

/** GET /canned-responses answer: by title; `lang` the language of `shown`, when one was asked for. */
export const cannedResponsesResponseSchema = z.object({
  cannedResponses: z.array(cannedResponseSchema),
  lang: z.optional(cannedLanguageSchema),
});
export type CannedResponsesResponse = z.infer<typeof cannedResponsesResponseSchema>;

/** POST/PUT answer. */
export const cannedResponseResponseSchema = z.object({ cannedResponse: cannedResponseSchema });
export type CannedResponseResponse = z.infer<typeof cannedResponseResponseSchema>;

/** The multipart field of POST /tickets/assisted that carries the channel (beside the submit's fields). */
export const CHANNEL_FIELD = 'channel';
