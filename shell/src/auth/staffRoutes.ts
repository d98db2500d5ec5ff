import type { RemoteId } from 'shared-contracts';

/**
 * The remotes whose routes are staff screens and need a session: the staff dashboard (dashboard,
 * lists, reports, desks) and user administration. The public intake (submit, share links) and
 * `/` stay open to everyone.
 */
const STAFF_REMOTES: ReadonlySet<RemoteId> = new Set<RemoteId>(['staffDashboard', 'userAdmin']);

export function isStaffRemote(remote: RemoteId): boolean {
  return STAFF_REMOTES.has(remote);
}
