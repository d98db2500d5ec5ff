/**
 * An in-memory stand-in for the users and cities calls of api/README.md, for component tests. It
 * answers like the real api: paging by id with `total`, role and search filters, 401 without a
 * valid token, 403 for every role but admin, 409 for a duplicate email, a second active city
 * president or the last active admin. The caller's role is read from the bearer token
 * (`fake:{role}:{city}`), as the real api reads it from its signed token. It also keeps the second
 * factor policy, who has a second factor and how many sessions each user has (ADR 0054).
 */
import { type AdminUser, API_PATHS, type Role, USERS_PAGE_SIZE } from 'shared-contracts';
import type { FakeAnswer, FakeApiHandler, RecordedCall } from 'shared-contracts/testing/network';
import { callerOf } from 'shared-contracts/testing/signIn';

export type { FakeAnswer, RecordedCall };

export const REVOKED_TOKEN = 'fake-revoked';

export const FAKE_CITIES = ['Pune', 'Mumbai', 'Nagpur', 'Nashik'];

const FIRST_NAMES = [
  'Asha',
  'Ravi',
  'Meera',
  'Anil',
  'Sunita',
  'Farhan',
  'Kavya',
  'Nikhil',
  'Priya',
  'Omkar',
];
const LAST_NAMES = ['Kulkarni', 'Shah', 'Patil', 'Rao', 'Ali', 'Iyer', 'Deshmukh', 'Joshi'];
const CYCLE: Role[] = ['customer', 'convenor', 'observer', 'customer', 'governor', 'customer'];

/**
 * `count` users with ids 1..count: user 1 is the admin, 2 the Credai President, 3..5 the city
 * presidents of Pune, Mumbai and Nagpur (Nashik has none), the rest cycle through the other roles;
 * every 7th is inactive.
 */
export function makeUsers(count: number): AdminUser[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const role: Role =
      id === 1
        ? 'admin'
        : id === 2
          ? 'credaipresident'
          : id <= 5
            ? 'citypresident'
            : (CYCLE[id % CYCLE.length] as Role);
    const city = (id >= 3 && id <= 5 ? FAKE_CITIES[id - 3] : FAKE_CITIES[id % FAKE_CITIES.length]) as string;
    return {
      id,
      fullName: `${FIRST_NAMES[id % FIRST_NAMES.length]} ${LAST_NAMES[id % LAST_NAMES.length]} ${id}`,
      email: `user${id}@example.org`,
      mobile: `98${String(id).padStart(8, '0')}`,
      city,
      committee: id % 3 === 0 ? 'Grievance Committee' : null,
      role,
      isActive: id % 7 !== 0,
      createdAt: new Date(Date.UTC(2026, 0, 1) + id * 86_400_000).toISOString(),
    };
  });
}

type Body = Record<string, unknown>;

export class FakeUsersApi implements FakeApiHandler {
  readonly calls: RecordedCall[] = [];
  users: AdminUser[];
  cities: string[];
  /** The roles that must use a second factor (GET/PUT /admin/mfa-policy): the api's default. */
  mfaPolicy: Role[] = ['admin', 'credaipresident'];
  /** The ids of the users with a second factor set up. */
  withSecondFactor = new Set<number>([1, 2]);
  /** How many live sessions each user has (ended by DELETE /admin/users/{id}/sessions). */
  sessions = new Map<number, number>([
    [1, 1],
    [2, 3],
  ]);
  /** Answers the next calls of a path with this instead (status and body), once per entry. */
  private failures = new Map<string, FakeAnswer[]>();

  constructor(users: AdminUser[] = makeUsers(25), cities: string[] = FAKE_CITIES) {
    this.users = users.map((user) => ({ ...user }));
    this.cities = [...cities];
  }

  /** The next call to `path` gets this answer instead of the normal one. */
  failNext(path: string, status: number, body: unknown) {
    this.failures.set(path, [...(this.failures.get(path) ?? []), { status, body }]);
  }

  listCalls(): RecordedCall[] {
    return this.calls.filter((call) => call.method === 'GET' && call.path === API_PATHS.users.list);
  }

  saveCalls(): RecordedCall[] {
    return this.calls.filter((call) => call.method === 'POST');
  }

  handle(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
    authorization: string | null,
  ): FakeAnswer {
    this.calls.push({ method, path, query, body });
    const failure = this.failures.get(path)?.shift();
    if (failure) return failure;

    if (method === 'GET' && path === API_PATHS.cities.list) {
      return ok({ cities: this.cities.map((name, index) => ({ id: index + 1, name, convenorId: null })) });
    }

    const role = callerOf(authorization)?.role;
    if (!role) return { status: 401, body: { error: 'Your session is no longer valid: sign in again' } };

    if (method === 'GET' && path === API_PATHS.auth.check) {
      return ok({
        user: { id: 99, fullName: `Test ${role}`, email: `${role}@example.org`, role, city: null },
      });
    }
    if (role !== 'admin') return { status: 403, body: { error: 'You do not have permission to do this' } };

    if (method === 'GET' && path === API_PATHS.users.list) return ok(this.list(query));
    // The /activity page's audit trail (its own tests serve entries; here it is empty).
    if (method === 'GET' && path === API_PATHS.audit.list) return ok({ entries: [], total: 0 });
    if (method === 'GET' && path === API_PATHS.users.filter) {
      return ok({ users: this.users.filter((user) => !query.role || user.role === query.role) });
    }
    if (method === 'POST' && path === API_PATHS.users.create) return this.save(undefined, body as Body);
    if (path === API_PATHS.auth.mfaPolicy && method === 'GET') return ok({ roles: this.mfaPolicy });
    if (path === API_PATHS.auth.mfaPolicy && method === 'PUT') {
      this.mfaPolicy = [...((body as { roles: Role[] }).roles ?? [])];
      return ok({ roles: this.mfaPolicy });
    }
    const signIn = /^\/admin\/users\/(\d+)\/(mfa|sessions)$/.exec(path);
    if (method === 'DELETE' && signIn) return this.signInAction(Number(signIn[1]), signIn[2] as string);
    const update = /^\/admin\/users\/(\d+)$/.exec(path);
    if (method === 'POST' && update) return this.save(Number(update[1]), body as Body);
    return { status: 404, body: { error: 'Not found' } };
  }

  private signInAction(id: number, what: string): FakeAnswer {
    if (!this.users.some((user) => user.id === id)) return { status: 404, body: { error: 'User not found' } };
    if (what === 'sessions') {
      const ended = this.sessions.get(id) ?? 0;
      this.sessions.delete(id);
      return ok({ ended });
    }
    if (!this.withSecondFactor.delete(id)) {
      return { status: 404, body: { error: 'This user has no second factor' } };
    }
    return ok({ ok: true });
  }

  private list(query: Record<string, string>) {
    const term = query.search?.toLowerCase();
    const matching = this.users.filter(
      (user) =>
        (!query.role || user.role === query.role) &&
        (!term ||
          [user.fullName, user.email, user.mobile, user.city].some((value) =>
            value.toLowerCase().includes(term),
          )),
    );
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.pageSize ?? USERS_PAGE_SIZE);
    return {
      users: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
    };
  }

  private save(id: number | undefined, body: Body): FakeAnswer {
    const current = id === undefined ? undefined : this.users.find((user) => user.id === id);
    if (id !== undefined && !current) return { status: 404, body: { error: 'User not found' } };
    const email = String(body.email).toLowerCase();
    if (this.users.some((user) => user.email === email && user.id !== id)) {
      return conflict('A user with this email already exists', 'email');
    }
    if (!this.cities.includes(String(body.city))) {
      return {
        status: 400,
        body: { error: 'Invalid request body', details: [{ path: 'city', message: 'Unknown city' }] },
      };
    }
    const role = String(body.role) as Role;
    const isActive = body.isActive !== false;
    if (role === 'citypresident' && isActive) {
      const sitting = this.users.find(
        (user) => user.role === 'citypresident' && user.isActive && user.city === body.city && user.id !== id,
      );
      if (sitting) {
        return conflict(
          `${body.city} already has an active city president: ${sitting.fullName} (${sitting.email}). ` +
            'Deactivate them or change their role first.',
          'role',
        );
      }
    }
    if (current?.role === 'admin' && current.isActive && !(role === 'admin' && isActive)) {
      const others = this.users.filter((user) => user.role === 'admin' && user.isActive && user.id !== id);
      if (others.length === 0) return conflict('At least one active admin must remain', 'role');
    }
    const saved: AdminUser = {
      id: id ?? Math.max(0, ...this.users.map((user) => user.id)) + 1,
      fullName: String(body.fullName),
      email,
      mobile: String(body.mobile),
      city: String(body.city),
      committee: body.committee ? String(body.committee) : null,
      role,
      isActive,
      createdAt: current?.createdAt ?? new Date().toISOString(),
    };
    this.users = current ? this.users.map((user) => (user.id === id ? saved : user)) : [...this.users, saved];
    return { status: current ? 200 : 201, body: { user: saved } };
  }
}

function ok(body: unknown): FakeAnswer {
  return { status: 200, body };
}

function conflict(message: string, path: string): FakeAnswer {
  return { status: 409, body: { error: message, details: [{ path, message }] } };
}
