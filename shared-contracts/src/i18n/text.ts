/**
 * What a rule returns instead of English (ADR 0014) and how a text that came as English (an
 * answer of the api, a message of a shared schema) is shown in the page's language (ADR 0024).
 * Kept free of i18next so the api can use it too.
 */
import type { TFunction } from 'i18next';
import { commonEn } from './common.en';

/** A catalogue key (with its namespace: `common:status.pending`) and the values it interpolates. */
export interface Text {
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** A key of the `common` catalogue as a Text. */
export function commonText(key: string, values?: Record<string, string | number>): Text {
  return values === undefined ? { key: `common:${key}` } : { key: `common:${key}`, values };
}

/**
 * The translate function of a component (`useTranslation(ns).t`) or of the shared instance.
 * Loose on purpose: i18next types `t` per namespace, and any of them translates a full key.
 */
// biome-ignore lint/suspicious/noExplicitAny: every namespace's TFunction must fit.
export type Translate = TFunction<any, any>;

/** A Text in the language of `t`. */
export function say(t: Translate, text: Text): string {
  return String(text.values ? t(text.key, { ...text.values }) : t(text.key));
}

function lookup(path: string): string | undefined {
  let node: unknown = commonEn;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function fill(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{\{(\w+)(?:, *number)?\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) return '';
    return typeof value === 'number' ? value.toLocaleString('en') : value;
  });
}

/** A `common` Text in English, without i18next: what the api writes into answers and history. */
export function english(text: Text): string {
  const template = lookup(text.key.replace(/^common:/, ''));
  if (template === undefined) throw new Error(`No text ${text.key} in the common catalogue`);
  // A nested text (`$t(common:role.{{role}})`, as i18next nests it) after the values are in.
  return fill(template, text.values).replace(
    /\$t\(common:([\w.-]+)\)/g,
    (nested, path: string) => lookup(path) ?? nested,
  );
}

/** The stable codes of the error and validation texts (keys of `errors`). */
export type ErrorCode = keyof typeof commonEn.errors;

/** The English text of an error code: what the api sends and the client's errors carry. */
export function errorMessage(code: ErrorCode, values?: Record<string, string | number>): string {
  return fill(commonEn.errors[code], values);
}

/** The client's own errors and the api's texts, by code (English: `MESSAGES.noResponse`). */
export const MESSAGES = commonEn.errors;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each error text as a pattern whose groups are its values, so a filled text finds its code. */
const PATTERNS = (Object.keys(commonEn.errors) as ErrorCode[]).map((code) => {
  const names: string[] = [];
  const source = commonEn.errors[code]
    .split(/\{\{(\w+)(?:, *number)?\}\}/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { code, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** The code (and values) of an English error text, or null for a text outside the table. */
export function errorCode(
  message: string | null | undefined,
): { code: ErrorCode; values: Record<string, string> } | null {
  const text = message?.trim();
  if (!text) return null;
  for (const { code, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      values[name] = match[index + 1] ?? '';
    });
    return { code, values };
  }
  return null;
}

/**
 * An error text as the screen shows it (ADR 0024): by its code when the api sent one or the text
 * is one of the table's (a nested message, as in 'Failed to update ticket: …', is translated
 * too), else as it came: a text the table does not know is shown in English rather than lost.
 */
export function errorText(
  t: Translate,
  error: string | { message?: string | null; code?: string | null } | null | undefined,
): string {
  const message = typeof error === 'string' ? error : (error?.message ?? '');
  const sentCode = typeof error === 'object' && error?.code ? error.code : null;
  const found = errorCode(message);
  const code = sentCode && sentCode in commonEn.errors ? (sentCode as ErrorCode) : found?.code;
  if (!code) return message;
  const values: Record<string, string> = { ...(found?.code === code ? found.values : {}) };
  if (values.message !== undefined) values.message = errorText(t, values.message);
  return String(t(`common:errors.${code}`, values));
}

/**
 * The shape of a catalogue in another language: the English one's keys, each optional (a text
 * not translated yet shows in English; the catalogue test refuses a missing one).
 */
export type Translation<T> = { [K in keyof T]?: T[K] extends string ? string : Translation<T[K]> };
