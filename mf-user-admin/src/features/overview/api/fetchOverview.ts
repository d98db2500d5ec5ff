/**
 * The numbers of the /activity overview, from the users calls the api has. The api keeps no
 * activity log (no sign-in times, no change history) and answers no `updatedAt`, so the overview
 * shows the accounts as they are and the newest ones, never an invented history.
 */
import { type AdminUser, filterUsers, listUsers, ROLES, type Role } from 'shared-contracts';

/** Every role but customer: the accounts admins manage (members sign up by submitting a ticket). */
export const STAFF_ROLES = ROLES.filter((role): role is Exclude<Role, 'customer'> => role !== 'customer');

export interface RoleCount {
  role: Role;
  accounts: number;
  active: number;
  inactive: number;
}

export interface UserOverview {
  /** Every account, members included. */
  total: number;
  /** One row per staff role, in the order of ROLES. */
  staff: RoleCount[];
  /** Accounts of role customer (counted by the server; their status is not loaded). */
  members: number;
  /** The newest accounts first. */
  newest: AdminUser[];
}

/** How many of the newest accounts the overview lists. */
export const NEWEST_COUNT = 5;

/**
 * The newest accounts. The list call orders by id (creation order) and counts, so the newest are
 * on its last page: read the last two pages of `count` and keep the `count` highest ids.
 */
export async function fetchNewest(
  count: number = NEWEST_COUNT,
): Promise<{ total: number; newest: AdminUser[] }> {
  const { total } = await listUsers({ page: 1, pageSize: 1 });
  if (total === 0) return { total, newest: [] };
  const last = Math.ceil(total / count);
  const pages = last > 1 ? [last - 1, last] : [last];
  const answers = await Promise.all(pages.map((page) => listUsers({ page, pageSize: count })));
  const byId = new Map(answers.flatMap((answer) => answer.users).map((user) => [user.id, user]));
  const newest = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, count);
  return { total, newest };
}

/** Staff accounts of one role with their status (GET /admin/users/filter: every user of the role). */
async function countRole(role: Role): Promise<RoleCount> {
  const { users } = await filterUsers({ role });
  const active = users.filter((user) => user.isActive).length;
  return { role, accounts: users.length, active, inactive: users.length - active };
}

export async function fetchOverview(): Promise<UserOverview> {
  const [staff, members, { total, newest }] = await Promise.all([
    Promise.all(STAFF_ROLES.map(countRole)),
    listUsers({ role: 'customer', page: 1, pageSize: 1 }).then((answer) => answer.total),
    fetchNewest(),
  ]);
  return { total, staff, members, newest };
}
