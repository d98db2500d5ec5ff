import type { App } from '../../src/app';
import { DEFAULT_DEMO_PASSWORD } from '../../src/config';
import type { Clock } from '../../src/services/clock';
import { buildTestApp, type CapturedLogs } from './testApp';
import type { TestDatabase } from './testDatabase';

export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;
/** A fixed signing key, so tests can forge tokens with it (expired, other algorithms…). */
export const TEST_SECRET = 'test-secret-for-forging-tokens-0123456789';

/** Limits high enough that tests which are not about them never meet them. */
const relaxedLimits = {
  RATE_LIMIT_MAX: '1000000',
  LOGIN_MAX_PER_IP: '1000000',
  LOGIN_MAX_PER_ACCOUNT: '1000000',
};

/** The app on the given database with the demo data of docs/architecture.md#run-modes and a known secret. */
export function buildDemoApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  logs?: CapturedLogs,
  clock?: Clock,
): Promise<App> {
  return buildTestApp(
    database,
    { HELPDESK_DEMO_DATA: 'true', HELPDESK_SECRET: TEST_SECRET, ...relaxedLimits, ...env },
    logs,
    clock,
  );
}

export function login(app: App, email: string, password = DEMO_PASSWORD, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Signs in and returns the token; fails the test when sign-in fails. */
export async function tokenFor(app: App, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`sign-in as ${email} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo accounts: email → role and city (docs/architecture.md#run-modes). */
export const DEMO_ACCOUNTS = {
  'admin@helpdesk.demo': { role: 'admin' },
  'president@helpdesk.demo': { role: 'credaipresident' },
  'governor@helpdesk.demo': { role: 'governor' },
  'pune.president@helpdesk.demo': { role: 'citypresident', city: 'Pune' },
  'pune.convenor@helpdesk.demo': { role: 'convenor', city: 'Pune' },
  'pune.observer@helpdesk.demo': { role: 'observer', city: 'Pune' },
  'mumbai.president@helpdesk.demo': { role: 'citypresident', city: 'Mumbai' },
  'mumbai.convenor@helpdesk.demo': { role: 'convenor', city: 'Mumbai' },
  'mumbai.observer@helpdesk.demo': { role: 'observer', city: 'Mumbai' },
  'nagpur.president@helpdesk.demo': { role: 'citypresident', city: 'Nagpur' },
  'nagpur.convenor@helpdesk.demo': { role: 'convenor', city: 'Nagpur' },
  'nagpur.observer@helpdesk.demo': { role: 'observer', city: 'Nagpur' },
} as const;

/** One account of each role that is not admin (customer: created by the test that needs one). */
export const NON_ADMIN_ACCOUNTS = {
  credaipresident: 'president@helpdesk.demo',
  governor: 'governor@helpdesk.demo',
  citypresident: 'pune.president@helpdesk.demo',
  convenor: 'pune.convenor@helpdesk.demo',
  observer: 'pune.observer@helpdesk.demo',
} as const;

/** A valid body for POST /api/admin/users/new; override what the test is about. */
export function newUser(overrides: Record<string, unknown> = {}) {
  const unique = Math.random().toString(36).slice(2, 10);
  return {
    fullName: 'Kavita Rane',
    email: `kavita.${unique}@example.com`,
    mobile: '9876543210',
    city: 'Pune',
    committee: 'Affordable Housing',
    role: 'observer',
    password: 'Initial@2026',
    isActive: true,
    ...overrides,
  };
}

/** A new member (customer) created by the admin, signed in: their token. */
export async function newMemberToken(app: App, adminToken: string): Promise<string> {
  const member = newUser({ role: 'customer' });
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/users/new',
    headers: bearer(adminToken),
    payload: member,
  });
  if (created.statusCode !== 201) {
    throw new Error(`creating a member answered ${created.statusCode}: ${created.body}`);
  }
  return tokenFor(app, member.email, member.password);
}

/** The demo accounts the api tests sign in as (docs/architecture.md demo accounts). */
export const ADMIN = 'admin@helpdesk.demo';
export const CREDAI_PRESIDENT = 'president@helpdesk.demo';
export const GOVERNOR = 'governor@helpdesk.demo';
export const PUNE_PRESIDENT = 'pune.president@helpdesk.demo';
export const PUNE_CONVENOR = 'pune.convenor@helpdesk.demo';
export const PUNE_OBSERVER = 'pune.observer@helpdesk.demo';
export const MUMBAI_PRESIDENT = 'mumbai.president@helpdesk.demo';
