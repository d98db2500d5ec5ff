/**
 * The api's catalogues by language and the one way to read a text: `translate(locale, path,
 * params)`, over an i18next instance of the api's own (not the pages' instance of shared-contracts:
 * the api renders many languages at once, one per recipient). A missing language or text falls
 * back to English. A text shown with a number has plural forms (`days_one`, `days_other`: the
 * forms English, Hindi and Marathi use), chosen by the `count` parameter.
 */
import i18next, { type TOptions } from 'i18next';
import { type Catalogue, en, type Translation } from './en';
import { hi } from './hi';
import { mr } from './mr';

export const DEFAULT_LOCALE = 'en';

export const catalogues: Record<string, Translation<Catalogue>> = { en, hi, mr };

const NAMESPACE = 'api';

const texts = i18next.createInstance();
void texts.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: Object.keys(catalogues),
  defaultNS: NAMESPACE,
  ns: [NAMESPACE],
  resources: Object.fromEntries(
    Object.entries(catalogues).map(([language, catalogue]) => [language, { [NAMESPACE]: catalogue }]),
  ),
  initAsync: false,
  // Emails escape every value themselves (templates.ts); texts are never HTML.
  interpolation: { escapeValue: false },
  // A parameter not given is left out, as before.
  missingInterpolationHandler: () => '',
  returnNull: false,
  returnObjects: false,
  returnedObjectHandler: (key: string) => {
    throw new Error(`No text ${key} in the api's catalogue (a group of texts)`);
  },
});

// `{{total, number}}` writes the number as India writes it in that language (en-IN, hi-IN, mr-IN).
texts.services.formatter?.add('number', (value, language) =>
  new Intl.NumberFormat(`${language ?? DEFAULT_LOCALE}-IN`).format(Number(value)),
);

/**
 * The text at `path` (`email.memberLink.subject`) in `locale`, with `{{name}}` filled from params;
 * a numeric `params.count` picks the plural form (`path_one`, `path_other`).
 */
export function translate(locale: string, path: string, params: Record<string, unknown> = {}): string {
  const options: TOptions = {
    lng: Object.hasOwn(catalogues, locale) ? locale : DEFAULT_LOCALE,
    // The values only: a parameter never sets an option of i18next (`lng`, `ns`, `context`…).
    replace: params,
    ...(typeof params.count === 'number' ? { count: params.count } : {}),
  };
  if (!texts.exists(path, options)) throw new Error(`No text ${path} in the api's catalogue`);
  return texts.t(path, options);
}
