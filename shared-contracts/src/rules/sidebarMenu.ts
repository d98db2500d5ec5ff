import { normaliseRole } from './normaliseRole';

/** An entry of the sidebar: the shell names it by its key (`sidebar.dashboard`, …). */
export type MenuItem =
  | { key: 'dashboard'; path: '/dashboard' | '/add-ticket' }
  | { key: 'users'; path: '/activity' }
  | { key: 'messages'; path: '/messages' }
  | { key: 'chapters'; path: '/chapters' }
  | { key: 'integrations'; path: '/integrations' }
  | { key: 'privacy'; path: '/privacy' }
  | { key: 'reports'; path: '/reports' }
  | { key: 'fileComplaint'; path: '/file-complaint' }
  | { key: 'cannedResponses'; path: '/canned-responses' }
  | { key: 'logout'; path: '/' };

const DASHBOARD: MenuItem = { key: 'dashboard', path: '/dashboard' };
const DASHBOARD_TO_FORM: MenuItem = { key: 'dashboard', path: '/add-ticket' };
const USERS: MenuItem = { key: 'users', path: '/activity' };
const MESSAGES: MenuItem = { key: 'messages', path: '/messages' };
const CHAPTERS: MenuItem = { key: 'chapters', path: '/chapters' };
const INTEGRATIONS: MenuItem = { key: 'integrations', path: '/integrations' };
const PRIVACY: MenuItem = { key: 'privacy', path: '/privacy' };
const REPORTS: MenuItem = { key: 'reports', path: '/reports' };
const FILE_COMPLAINT: MenuItem = { key: 'fileComplaint', path: '/file-complaint' };
const CANNED: MenuItem = { key: 'cannedResponses', path: '/canned-responses' };
const LOGOUT: MenuItem = { key: 'logout', path: '/' };

/**
 * docs/product.md#layout sidebar by role. Admin: Dashboard, Users, Logout. City President, Convenor, Credai
 * President: Dashboard, Logout. Governor and Observer: Dashboard (to /add-ticket), Logout.
 * Unknown roles get the admin menu. The Users entry leads to /activity, the route table's
 * "Users page (admin menu)". A customer (who lands on the form) gets the same as the governor.
 * Admins also get Failed messages (/messages): the outbox's messages it gave up on, which only
 * admins may see and retry (docs/architecture.md#conversation-and-notifications), and Chapters
 * (/chapters): cities, their committees and convenor, each chapter's calendar and SLA
 * (docs/architecture.md#time-and-service-levels), and Integrations (/integrations): API tokens and
 * webhooks for other systems (ADR 0063, 0064). Reports (/reports, docs/product.md#reports) follows
 * Dashboard for the roles that may read them: admin and the Credai President every city, the city
 * president and the convenor their own. The desk tools (ADR 0065, ADR 0066): "File a complaint"
 * (/file-complaint) for those who file for members (admins, the chapter's city president and
 * convenor; an office bearer may too, from the address), "Canned answers" (/canned-responses) for
 * those who keep them (admins, city presidents). Admins also get Personal data (/privacy, ADR
 * 0050): the members' requests, the privacy notice and the breach register.
 */
export function sidebarMenu(role: string | null | undefined): MenuItem[] {
  switch (normaliseRole(role)) {
    case 'citypresident':
      return [DASHBOARD, REPORTS, FILE_COMPLAINT, CANNED, LOGOUT];
    case 'convenor':
      return [DASHBOARD, REPORTS, FILE_COMPLAINT, LOGOUT];
    case 'credaipresident':
      return [DASHBOARD, REPORTS, LOGOUT];
    case 'governor':
    case 'observer':
    case 'customer':
      return [DASHBOARD_TO_FORM, LOGOUT];
    default:
      return [
        DASHBOARD,
        REPORTS,
        FILE_COMPLAINT,
        CANNED,
        USERS,
        MESSAGES,
        CHAPTERS,
        INTEGRATIONS,
        PRIVACY,
        LOGOUT,
      ];
  }
}

/** Only Admin and unknown roles get the User Management entry (docs/product.md#roles). */
export function canSeeUserManagement(role: string | null | undefined): boolean {
  return sidebarMenu(role).some((item) => item.key === 'users');
}
