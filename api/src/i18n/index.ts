/**
 * The api's catalogues by language and the one way to read a text: `translate(locale, path,
 * params)`. A missing language or text falls back to English.
 */
import { type Catalogue, en, type Translation } from './en';
import { hi } from './hi';
import { mr } from './mr';

export const DEFAULT_LOCALE = 'en';

export const catalogues: Record<string, Translation<Catalogue>> = { en, hi, mr };

function lookup(catalogue: Translation<Catalogue>, path: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text at `path` (`email.memberLink.subject`) in `locale`, with `{{name}}` filled from params. */
export function translate(locale: string, path: string, params: Record<string, unknown> = {}): string {
  const text = lookup(catalogues[locale] ?? en, path) ?? lookup(en, path);
  if (text === undefined) throw new Error(`No text ${path} in the api's catalogue`);
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params[name] ?? ''));
}
