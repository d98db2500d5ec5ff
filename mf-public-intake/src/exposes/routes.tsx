// The only module the shell loads from this remote: one page per owned route, each in its own
// chunk so a visitor of /add-ticket downloads nothing of the other screens. The chunk names let
// the deploy step (scripts/build.mjs) preload the right page from each public route's HTML.
import '../i18n';
import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';

const pages: RemotePages<'publicIntake'> = {
  '/add-ticket': lazy(() => import(/* webpackChunkName: "page-add-ticket" */ '../pages/AddTicketPage')),
  '/ticket-detail/:id': lazy(
    () => import(/* webpackChunkName: "page-ticket-detail" */ '../pages/TicketDetailPage'),
  ),
  '/tickets/:userId': lazy(
    () => import(/* webpackChunkName: "page-user-tickets" */ '../pages/UserTicketsPage'),
  ),
  '/track': lazy(() => import(/* webpackChunkName: "page-track" */ '../pages/TrackPage')),
};

export default pages;
