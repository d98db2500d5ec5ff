/**
 * One i18next instance for the whole page (shared-contracts is a federation singleton).
 * Each app registers its own namespace from its own catalogue, so a remote ships its texts with
 * itself and a new language is a new catalogue, not a component change.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn } from './common.en';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en'],
  defaultNS: 'common',
  ns: ['common'],
  resources: { en: { common: commonEn } } satisfies Resource,
  interpolation: { escapeValue: false }, // React escapes; we never render HTML from text
  initAsync: false,
  returnNull: false,
});

/** Adds an app's catalogue (idempotent: a remote may be loaded again after a retry). */
export function registerCatalogue(namespace: string, language: string, texts: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle(language, namespace))
    i18n.addResourceBundle(language, namespace, texts, true, true);
}
