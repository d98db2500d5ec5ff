// The only module the shell loads from this remote: one lazily loaded page per owned route.
import '../i18n';
import { lazy } from 'react';
import {
  authStore,
  citiesQuery,
  cityStatsQuery,
  queryClient,
  type RemotePages,
  ticketStatsQuery,
} from 'shared-contracts';
import { isCityLocked } from '../features/dashboard/rules/cityDropdown';
import { FIRST_PAGE, OVERDUE_PAGE, ticketPageQuery } from '../features/tickets/api/fetchTicketPage';
import { HeadingPage } from '../pages/HeadingPage';

/**
 * Render-as-you-fetch for /dashboard (ADR 0012): the page's first calls start while its code is
 * still downloading, into the page's query cache, where the page's queries find them (answered
 * or still on their way). None without a signed-in user: the shell asks them to sign in.
 */
export function prefetchDashboard() {
  const user = authStore.getState().user;
  if (!user) return;
  void queryClient.prefetchQuery(ticketStatsQuery());
  void queryClient.prefetchQuery(cityStatsQuery());
  void queryClient.prefetchQuery(ticketPageQuery(user, FIRST_PAGE));
  // The Overdue card's count: the same list call, filtered by the server to the overdue tickets.
  void queryClient.prefetchQuery(ticketPageQuery(user, OVERDUE_PAGE));
  // The chart of a city president or convenor is locked to their city: no city list to fetch.
  if (!isCityLocked(user.role)) void queryClient.prefetchQuery(citiesQuery());
}

const AllTicketsPage = lazy(() => import('../pages/AllTicketsPage'));
const preview = (name: 'ProfilePreview' | 'SettingsPreview' | 'DocumentsPreview') =>
  lazy(() => import('../pages/PreviewPages').then((module) => ({ default: module[name] })));

const pages: RemotePages<'staffDashboard'> = {
  // The dashboard's calls start with the download of its code, not after it (render-as-you-fetch).
  '/dashboard': lazy(() => {
    prefetchDashboard();
    return import('../pages/DashboardPage');
  }),
  '/all-tickets': AllTicketsPage,
  '/ticket': AllTicketsPage,
  // docs/product.md#reports: its own chunk; the charts' library loads inside it, on /reports only.
  '/reports': lazy(() => import('../pages/ReportsPage')),
  '/projects/:id': lazy(() => import('../features/projects/components/ProjectPage')),
  // Desk tools (ADR 0065, ADR 0066).
  '/file-complaint': lazy(() => import('../features/deskTools/components/FileComplaintScreen')),
  '/canned-responses': lazy(() => import('../features/deskTools/components/CannedResponsesScreen')),
  '/profile': preview('ProfilePreview'),
  '/settings': preview('SettingsPreview'),
  '/documents': preview('DocumentsPreview'),
  '/help-desk': () => <HeadingPage textKey="desks.helpDesk" />,
  '/concierge-desk': () => <HeadingPage textKey="desks.conciergeDesk" />,
  '/rent-buy-desk': () => <HeadingPage textKey="desks.rentBuyDesk" />,
  '/referral-desk': () => <HeadingPage textKey="desks.referralDesk" />,
};

export default pages;
