// The only module the shell loads from this remote: one lazily loaded page per owned route.
import '../i18n';
import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { HeadingPage } from '../pages/HeadingPage';

const pages: RemotePages<'staffDashboard'> = {
  '/dashboard': lazy(() => import('../pages/DashboardPage')),
  '/all-tickets': () => <HeadingPage textKey="allTickets.title" />,
  '/ticket': () => <HeadingPage textKey="allTickets.title" />,
  '/reports': () => <HeadingPage textKey="reports.title" />,
  '/profile': () => <HeadingPage textKey="profile.title" />,
  '/settings': () => <HeadingPage textKey="settings.title" />,
  '/documents': () => <HeadingPage textKey="documents.title" />,
  '/help-desk': () => <HeadingPage textKey="desks.helpDesk" />,
  '/concierge-desk': () => <HeadingPage textKey="desks.conciergeDesk" />,
  '/rent-buy-desk': () => <HeadingPage textKey="desks.rentBuyDesk" />,
  '/referral-desk': () => <HeadingPage textKey="desks.referralDesk" />,
};

export default pages;
