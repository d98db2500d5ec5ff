import { API_PATHS } from '../api/paths';
import { ROLES } from '../schemas/role';
import { TICKET_ACTIONS } from '../schemas/tickets';
import { ACTING_ROLES, ACTION_CALLS, ACTION_PATHS, ALL_CITIES_ROLES, STAFF_ROLES } from './roles';
import { CITY_SCOPED_ROLES, TRANSITIONS } from './transitions';

describe('the role sets of the review chain (docs/product.md#roles)', () => {
  it('staff are every role but customer', () => {
    expect(STAFF_ROLES).toEqual([
      'admin',
      'credaipresident',
      'citypresident',
      'governor',
      'observer',
      'convenor',
    ]);
  });
  it('the acting roles are the ones the transition table names, and only they', () => {
    expect(ACTING_ROLES).toEqual(['admin', 'citypresident', 'governor', 'observer', 'convenor']);
    for (const role of ROLES) {
      // The chain's rows (approve, reject, resolve, review); the Credai President's appeal rows are not the chain.
      const named = TRANSITIONS.some(
        (transition) =>
          (TICKET_ACTIONS as readonly string[]).includes(transition.action) &&
          transition.actors.includes(role),
      );
      expect([role, ACTING_ROLES.includes(role)]).toEqual([role, named]);
    }
  });
  it('every acting role has its own action call, and no other role has one', () => {
    expect(Object.keys(ACTION_PATHS).sort()).toEqual([...ACTING_ROLES].sort());
    expect(ACTION_CALLS.map((call) => call.role)).toEqual(ACTING_ROLES);
    expect(new Set(ACTION_CALLS.map((call) => call.path)).size).toBe(ACTION_CALLS.length);
    expect(ACTION_CALLS).toContainEqual({
      role: 'citypresident',
      path: API_PATHS.tickets.cityPresidentAction,
    });
  });
  it('a staff member sees all cities or is scoped to one, never both', () => {
    expect(ALL_CITIES_ROLES).toEqual(['admin', 'credaipresident', 'governor']);
    expect([...ALL_CITIES_ROLES, ...CITY_SCOPED_ROLES].sort()).toEqual([...STAFF_ROLES].sort());
  });
});
