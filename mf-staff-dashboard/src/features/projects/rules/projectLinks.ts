/**
 * Where the project page leads (ADR 0055): the staff list filtered to the project (the list's
 * `?project=` and `?due=` filters), and one ticket's details dialog (`?ticket=`). Remotes and
 * features link by address only.
 */
import { SITE_ROUTES, STAFF_TICKET_PARAM } from 'shared-contracts';

/** The list's query parameter of the project filter (the list panel reads the same name). */
export const PROJECT_LIST_PARAM = 'project';

/** The dashboard's list of the project's tickets; `overdue`: only those past their due time. */
export function projectListPath(projectId: number, overdue = false): string {
  const params = new URLSearchParams({ [PROJECT_LIST_PARAM]: String(projectId) });
  if (overdue) params.set('due', 'overdue');
  return `${SITE_ROUTES.dashboard}?${params}`;
}

/** One ticket's details dialog on the dashboard. */
export function ticketDialogPath(ticketId: number): string {
  return `${SITE_ROUTES.dashboard}?${STAFF_TICKET_PARAM}=${ticketId}`;
}

/** The project id a `/projects/:id` address names, or null. */
export function projectIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
