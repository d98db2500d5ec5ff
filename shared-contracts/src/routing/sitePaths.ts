/**
 * The site's pages as paths, in one place: the shell's route table (REMOTE_ROUTES) mounts these
 * patterns, and the api writes links to them into its emails and answers (docs/architecture.md#security-decisions,
 * #conversation-and-notifications). Framework-free, so the api can import it.
 */

/** The route pattern of each page a link may open (`:id` and `:userId` as the router reads them). */
export const SITE_ROUTES = {
  addTicket: '/add-ticket',
  ticketDetail: '/ticket-detail/:id',
  memberTickets: '/tickets/:userId',
  track: '/track',
  dashboard: '/dashboard',
  reports: '/reports',
  /** Desk tools (ADR 0065, ADR 0066): a complaint filed for a member, and the canned answers. */
  fileComplaint: '/file-complaint',
  cannedResponses: '/canned-responses',
} as const;

/** The query parameter of a staff link to one ticket's details dialog (`/dashboard?ticket=42`). */
export const STAFF_TICKET_PARAM = 'ticket';

/** The name a key goes by in a link's fragment (`#key=…`): a fragment never reaches a server log or a Referer. */
export const LINK_KEY_NAME = 'key';

/** `path` with `key` in its fragment. */
const withKey = (path: string, key: string | undefined) =>
  key === undefined ? path : `${path}#${LINK_KEY_NAME}=${key}`;

/** Links to the site's pages, as paths (the api makes them absolute with its public URL). */
export const sitePaths = {
  addTicket: SITE_ROUTES.addTicket,
  track: SITE_ROUTES.track,
  reports: SITE_ROUTES.reports,
  /** A ticket's page for the member (`/ticket-detail/{id}`), opened by the key in the fragment. */
  ticketDetail: (ticketId: number | string, key?: string): string =>
    withKey(SITE_ROUTES.ticketDetail.replace(':id', String(ticketId)), key),
  /** A member's list of tickets (`/tickets/{userId}`), opened by the key in the fragment. */
  memberTickets: (userId: number | string, key?: string): string =>
    withKey(SITE_ROUTES.memberTickets.replace(':userId', String(userId)), key),
  /** A ticket's details dialog on the staff dashboard, after sign-in (`/dashboard?ticket={id}`). */
  staffTicket: (ticketId: number | string): string =>
    `${SITE_ROUTES.dashboard}?${STAFF_TICKET_PARAM}=${encodeURIComponent(String(ticketId))}`,
} as const;
