/**
 * The package root: everything the shell, the remotes and the api import from
 * `shared-contracts` (never by relative path, so Module Federation shares one instance).
 */
export * from './api';
export {
  type AuthState,
  authStore,
  currentRole,
  type LoginAnswer,
  readSession,
  type StoredUser,
  TOKEN_KEY,
  toStoredUser,
  USER_KEY,
  useAuth,
} from './auth/authStore';
export * from './constants';
export {
  type CatalogueLoader,
  currentLanguage,
  i18n,
  isLanguage,
  LANGUAGE_LOCALES,
  LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  loadDevanagariFont,
  registerCatalogue,
  registerCatalogueLoader,
  restoreLanguage,
  setLanguage,
  storedLanguage,
} from './i18n';
export * from './i18n/format';
export * from './i18n/messageLabels';
export * from './i18n/text';
export { isChromeHidden } from './routing/chrome';
export {
  REMOTE_ROUTES,
  type RemoteId,
  type RemotePages,
  ROUTES_EXPOSE,
  type RoutePath,
} from './routing/remoteRoutes';
export * from './routing/sitePaths';
export * from './rules';
export * from './schemas';
export { AppProviders } from './ui/AppProviders';
export { DeferredToasts } from './ui/DeferredToasts';
export { ErrorBoundary } from './ui/ErrorBoundary';
export { FileInputField } from './ui/FileInputField';
export { formFieldProps } from './ui/formFieldProps';
export { LANGUAGE_FIELD, LanguageSwitcher } from './ui/LanguageSwitcher';
export { mountStandalone } from './ui/mountStandalone';
export { PageNumbers } from './ui/PageNumbers';
export { PageProviders } from './ui/PageProviders';
export { SectionUnavailable } from './ui/SectionUnavailable';
export { Timeline, TimelineEntry } from './ui/Timeline';
export { TintedBadge } from './ui/TintedBadge';
export { theme } from './ui/theme';
export * from './workflow';
