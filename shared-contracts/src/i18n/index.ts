/**
 * One i18next instance for the whole page (shared-contracts is a federation singleton).
 * Each app registers its own namespace: its English catalogue with it (the product's texts, always
 * there), and a loader for its Hindi and Marathi ones, fetched only when a visitor picks that
 * language (ADR 0025). The choice is kept in localStorage and sets `<html lang>`.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn } from './common.en';

/** The languages of the help desk: English (the product's texts), Hindi, Marathi. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language named in itself, as the switcher offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' };
/** Where the choice is kept (localStorage). */
export const LANGUAGE_STORAGE_KEY = 'helpdesk.language';
/** The locale of dates and numbers for each language (`Intl`). */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: ['common'],
  resources: { en: { common: commonEn } } satisfies Resource,
  interpolation: { escapeValue: false }, // React escapes; we never render HTML from text
  initAsync: false,
  returnNull: false,
  // A catalogue that arrives after the first render (a remote loaded later) re-renders its texts.
  react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
});

// `{{total, number}}` in a catalogue writes the number as the language's locale does (en-IN,
// hi-IN, mr-IN), like formatNumber: i18next's own would ask `Intl` for plain 'mr' or 'en'.
// One formatter per language: building one costs milliseconds on a slow phone, and the word
// counter of the public form formats on every render (measured: 0.1 s of its first render at 4x
// CPU slowdown when each call built its own).
const numberFormats = new Map<Language, Intl.NumberFormat>();
i18n.services.formatter?.add('number', (value, language) => {
  const key = isLanguage(language) ? language : 'en';
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[key]);
    numberFormats.set(key, format);
  }
  return format.format(Number(value));
});

/** Adds an app's catalogue (idempotent: a remote may be loaded again after a retry). */
export function registerCatalogue(namespace: string, language: string, texts: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle(language, namespace))
    i18n.addResourceBundle(language, namespace, texts, true, true);
}

/** Fetches a namespace's catalogue in a language other than English (a dynamic import). */
export type CatalogueLoader = (language: Exclude<Language, 'en'>) => Promise<Record<string, unknown>>;

const loaders = new Map<string, CatalogueLoader>();
/** The language being switched to: i18next still reports the old one until every catalogue is in. */
let switchingTo: Language | null = null;

async function loadCatalogue(namespace: string, language: Language): Promise<void> {
  const load = loaders.get(namespace);
  if (language === 'en' || !load || i18n.hasResourceBundle(language, namespace)) return;
  registerCatalogue(namespace, language, await load(language));
}

/**
 * Registers how a namespace's other catalogues are fetched. A remote that arrives while the page
 * is in Hindi or Marathi fetches its catalogue at once; its English texts show meanwhile.
 */
export function registerCatalogueLoader(namespace: string, load: CatalogueLoader): void {
  loaders.set(namespace, load);
  // A remote arriving during a switch fetches the language being switched to, not the old one
  // (a switch made while the dashboard was still loading left its texts in English).
  const current = switchingTo ?? currentLanguage();
  if (current !== 'en') void loadCatalogue(namespace, current).catch(() => {});
}

let fontLoaded: Promise<unknown> | null = null;

/**
 * The self-hosted Devanagari face (400 and 700, `font-display: swap`), fetched the first time hi or
 * mr is chosen, or when an English page shows a member's Hindi or Marathi words (a canned answer
 * in the member's language, ADR 0065).
 */
export function loadDevanagariFont(): Promise<unknown> {
  fontLoaded ??= Promise.all([
    import(/* webpackChunkName: "font-devanagari" */ '@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import(/* webpackChunkName: "font-devanagari" */ '@fontsource/noto-sans-devanagari/devanagari-700.css'),
  ])
    // Both faces in hand before the texts change: text first laid out while a face was still
    // on its way was seen drawn as empty boxes (no system Devanagari font to fall back on).
    .then(() =>
      typeof document === 'undefined' || !document.fonts
        ? undefined
        : Promise.all(
            ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "Noto Sans Devanagari"`, 'क')),
          ),
    )
    .catch(() => {
      fontLoaded = null; // the system's font shows meanwhile; the next switch tries again
    });
  return fontLoaded;
}

/** The language kept from an earlier visit, else English. */
export function storedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en'; // storage may be blocked (private mode)
  }
}

/** The page's language now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * Switches the page to a language: its catalogues (every registered namespace) and, for hi and
 * mr, the Devanagari font are fetched first, so the texts change at once; the choice is kept and
 * `<html lang>` follows.
 */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // kept for this page only
  }
  switchingTo = language;
  try {
    await Promise.all([
      ...[...loaders.keys()].map((namespace) => loadCatalogue(namespace, language)),
      language === 'en' ? undefined : loadDevanagariFont(),
    ]);
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** At start: the kept language, if it is not English (the page renders in English meanwhile). */
export function restoreLanguage(): Promise<void> {
  const language = storedLanguage();
  return language === 'en' ? Promise.resolve() : setLanguage(language);
}

const commonLoaders: Record<Exclude<Language, 'en'>, () => Promise<Record<string, unknown>>> = {
  hi: () => import(/* webpackChunkName: "i18n-hi-common" */ './common.hi').then((module) => module.commonHi),
  mr: () => import(/* webpackChunkName: "i18n-mr-common" */ './common.mr').then((module) => module.commonMr),
};
registerCatalogueLoader('common', (language) => commonLoaders[language]());
