// The only module the shell loads from this remote: one lazily loaded page per owned route.
import '../i18n';
import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { prefetchDashboard } from '../features/dashboard/api/dashboardPrefetch';
import { HeadingPage } from '../pages/HeadingPage';

const AllTicketsPage = lazy(() => import('../pages/AllTicketsPage'));
const preview = (name: 'ProfilePreview' | 'ReportsPreview' | 'SettingsPreview' | 'DocumentsPreview') =>
  lazy(() => import('../pages/PreviewPages').then((module) => ({ default: module[name] })));

const pages: RemotePages<'staffDashboard'> = {
  // The dashboard's calls start with the download of its code, not after it (render-as-you-fetch).
  '/dashboard': lazy(() => {
    prefetchDashboard();
    return import('../pages/DashboardPage');
  }),
  '/all-tickets': AllTicketsPage,
  '/ticket': AllTicketsPage,
  '/reports': preview('ReportsPreview'),
  '/profile': preview('ProfilePreview'),
  '/settings': preview('SettingsPreview'),
  '/documents': preview('DocumentsPreview'),
  '/help-desk': () => <HeadingPage textKey="desks.helpDesk" />,
  '/concierge-desk': () => <HeadingPage textKey="desks.conciergeDesk" />,
  '/rent-buy-desk': () => <HeadingPage textKey="desks.rentBuyDesk" />,
  '/referral-desk': () => <HeadingPage textKey="desks.referralDesk" />,
};

export default pages;
