import type { ComponentType } from 'react';
import { SITE_ROUTES } from './sitePaths';

/**
 * Which remote owns which route (docs/architecture.md#federation-contract). The shell mounts a boundary for each path;
 * the remote's exposed `./routes` module maps the same paths to its pages. Remotes never import
 * each other: they link by URL only.
 */
export const REMOTE_ROUTES = {
  publicIntake: [
    SITE_ROUTES.addTicket,
    SITE_ROUTES.ticketDetail,
    SITE_ROUTES.memberTickets,
    SITE_ROUTES.track,
  ],
  staffDashboard: [
    SITE_ROUTES.dashboard,
    '/all-tickets',
    '/ticket',
    SITE_ROUTES.reports,
    // A RERA project's page (ADR 0055): its tickets by status, open, overdue, the oldest open one.
    '/projects/:id',
    // Desk tools (ADR 0065, ADR 0066): filing a complaint for a member; keeping the canned answers.
    SITE_ROUTES.fileComplaint,
    SITE_ROUTES.cannedResponses,
    '/profile',
    '/settings',
    '/documents',
    '/help-desk',
    '/concierge-desk',
    '/rent-buy-desk',
    '/referral-desk',
  ],
  userAdmin: ['/users', '/activity', '/messages', '/chapters', '/integrations', '/privacy'],
} as const;

export type RemoteId = keyof typeof REMOTE_ROUTES;
export type RoutePath<R extends RemoteId> = (typeof REMOTE_ROUTES)[R][number];

/** What a remote's `./routes` module exports by default: one page component per owned path. */
export type RemotePages<R extends RemoteId> = Record<RoutePath<R>, ComponentType>;

/** The exposed module every remote offers to the shell. */
export const ROUTES_EXPOSE = './routes';
