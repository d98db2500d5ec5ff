/**
 * Render-as-you-fetch for /dashboard: the route module starts the page's first calls while the
 * page's own code is still downloading, and the page's hooks take those answers instead of asking
 * again. On a cold load this saves the download and first render of the page chunk (a few hundred
 * ms) before the calls leave. Each answer is taken at most once and only while fresh; otherwise
 * (later visits, other screens) the hooks call as usual.
 */
import {
  authStore,
  getCityStats,
  getTicketStats,
  isCityLocked,
  listCities,
  type StoredUser,
} from 'shared-contracts';
import { fetchTicketPage, type TicketPageRequest } from '../../tickets/api/fetchTicketPage';

/** An answer older than this is not shown: the page calls again. */
export const PREFETCH_FRESH_MS = 5_000;

/** The list panel's first request on arrival: page 1, every status, no search or filter. */
export const FIRST_PAGE: TicketPageRequest = { page: 1, status: 'all', q: '', city: null, date: null };

const started = new Map<string, { answer: Promise<unknown>; at: number }>();

export const PREFETCH_KEYS = {
  stats: 'stats',
  cityStats: 'cityStats',
  cityNames: 'cityNames',
  ticketPage: (user: Pick<StoredUser, 'id' | 'role'> | null, request: TicketPageRequest) =>
    `ticketPage:${user?.id}:${user?.role}:${JSON.stringify(request)}`,
};

function prefetch(key: string, load: () => Promise<unknown>) {
  const answer = load();
  answer.catch(() => {}); // the hook that takes it reports the error
  started.set(key, { answer, at: Date.now() });
}

/** The answer prefetched under `key` if there is a fresh one (once), else a new call. */
export function takePrefetched<T>(key: string, load: () => Promise<T>): Promise<T> {
  const entry = started.get(key);
  started.delete(key);
  return entry && Date.now() - entry.at < PREFETCH_FRESH_MS ? (entry.answer as Promise<T>) : load();
}

/** GET /cities/getAllCities as the chart's dropdown wants it: the names. */
export const cityNamesCall = () => listCities().then(({ cities }) => cities.map((city) => city.name));

/** Starts the dashboard's calls for the signed-in user (none without one: the shell asks to sign in). */
export function prefetchDashboard() {
  const user = authStore.getState().user;
  if (!user) return;
  prefetch(PREFETCH_KEYS.stats, getTicketStats);
  prefetch(PREFETCH_KEYS.cityStats, getCityStats);
  prefetch(PREFETCH_KEYS.ticketPage(user, FIRST_PAGE), () => fetchTicketPage(user, FIRST_PAGE));
  // The chart of a city president or convenor is locked to their city: no city list to fetch.
  if (!isCityLocked(user.role)) prefetch(PREFETCH_KEYS.cityNames, cityNamesCall);
}

/** Forgets every prefetched answer (tests). */
export function forgetPrefetched() {
  started.clear();
}
