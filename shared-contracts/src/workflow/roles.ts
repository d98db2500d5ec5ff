/**
 * The role sets of the review chain, each written once: the api guards its routes with them and
 * the client picks its calls with them (docs/product.md#roles, docs/workflow.md).
 */
import { API_PATHS } from '../api/paths';
import { ROLES, type Role } from '../schemas/role';
import { TICKET_ACTIONS } from '../schemas/tickets';
import { CITY_SCOPED_ROLES, TRANSITIONS } from './transitions';

/** Every role but customer: the staff, who sign in to the dashboard. */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((role) => role !== 'customer');

/** The roles of the review chain: every role a chain row of the transition table (approve, reject, resolve, review) names. */
export const ACTING_ROLES: readonly Role[] = ROLES.filter((role) =>
  TRANSITIONS.some(
    (transition) =>
      (TICKET_ACTIONS as readonly string[]).includes(transition.action) && transition.actors.includes(role),
  ),
);

/** The staff who see every city's tickets (the others see only their own city's). */
export const ALL_CITIES_ROLES: readonly Role[] = STAFF_ROLES.filter(
  (role) => !CITY_SCOPED_ROLES.includes(role),
);

/** Each acting role's own action call (docs/product.md#roles). */
export const ACTION_PATHS: Readonly<Partial<Record<Role, string>>> = {
  admin: API_PATHS.tickets.adminAction,
  citypresident: API_PATHS.tickets.cityPresidentAction,
  governor: API_PATHS.tickets.governorAction,
  observer: API_PATHS.tickets.observerAction,
  convenor: API_PATHS.tickets.convenorAction,
};

/** The action calls the api registers, one per acting role, each open to that role only. */
export const ACTION_CALLS: readonly { role: Role; path: string }[] = ACTING_ROLES.flatMap((role) => {
  const path = ACTION_PATHS[role];
  return path ? [{ role, path }] : [];
});
