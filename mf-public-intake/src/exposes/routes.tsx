// The only module the shell loads from this remote: one page per owned route, each in its own
// chunk so a visitor of /add-ticket downloads nothing of the other screens.
import '../i18n';
import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';

const pages: RemotePages<'publicIntake'> = {
  '/add-ticket': lazy(() => import('../pages/AddTicketPage')),
  '/ticket-detail/:id': lazy(() => import('../pages/TicketDetailPage')),
  '/tickets/:userId': lazy(() => import('../pages/UserTicketsPage')),
};

export default pages;
