export { API_BASE, http, onUnauthorized } from './api/http';
export {
  type AuthState,
  authStore,
  normaliseRole,
  type StoredUser,
  TOKEN_KEY,
  USER_KEY,
  useAuth,
} from './auth/authStore';
export { i18n, registerCatalogue } from './i18n';
export { isChromeHidden } from './routing/chrome';
export {
  REMOTE_ROUTES,
  type RemoteId,
  type RemotePages,
  ROUTES_EXPOSE,
  type RoutePath,
} from './routing/remoteRoutes';
export { dashboardTitle } from './rules/dashboardTitle';
export { AppProviders } from './ui/AppProviders';
export { theme } from './ui/theme';
