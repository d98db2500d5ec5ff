/**
 * User Management (docs/product.md#user-management, issue 9) in Chromium behind nginx, at 1280 px and 390 px, against the
 * built api with its demo data: an admin creates a city president, who signs in; the admin
 * deactivates them and their open session ends at its next call; a convenor is refused; the page
 * and the open modal have no serious axe violation (screenshots in e2e/artifacts/screenshots).
 */
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import {
  clientNavigate,
  launchBrowser,
  newPage,
  run,
  screenshot,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser';
import { SCREENSHOTS } from '../support/paths';
import { seedSession } from '../support/session';

const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pathnameIs = (pathname: string) => (url: URL) => url.pathname === pathname;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** What the screen shows (a full-page screenshot misplaces the fixed modal). */
const screenView = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

// ---- the api, as the test's own client (arranging data and checking what the browser cannot) ----

interface ApiUser {
  id: number;
  fullName: string;
  email: string;
  mobile: string;
  city: string;
  committee?: string | null;
  role: string;
  isActive: boolean;
}

async function api(pathname: string, token: string | null, init: RequestInit = {}): Promise<Response> {
  return fetch(`${run().baseUrl}/api${pathname}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function tokenOf(email: string, password = PASSWORD): Promise<string> {
  const response = await api('/auth/login', null, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} failed with ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A demo city that has no active city president now (the seed leaves four without one). */
async function cityWithoutPresident(token: string): Promise<string> {
  const { cities } = (await (await api('/cities/getAllCities', null)).json()) as {
    cities: { name: string }[];
  };
  const presidents = (await (await api('/users/city-presidents', token)).json()) as {
    users: { city?: string | null }[];
  };
  const taken = new Set(presidents.users.map((user) => user.city?.toLowerCase()));
  const free = cities.find((city) => !taken.has(city.name.toLowerCase()));
  if (!free) throw new Error('Every city has an active city president: the test needs one without');
  return free.name;
}

async function findUser(token: string, email: string): Promise<ApiUser | undefined> {
  const response = await api(`/admin/users?search=${encodeURIComponent(email)}`, token);
  const { users } = (await response.json()) as { users: ApiUser[] };
  return users.find((user) => user.email === email.toLowerCase());
}

/** Leaves no active account behind if a test stopped half-way (its city would stay taken). */
async function deactivate(token: string, email: string): Promise<void> {
  const user = await findUser(token, email);
  if (!user?.isActive) return;
  const { id, ...fields } = user;
  await api(`/admin/users/${id}`, token, {
    method: 'POST',
    body: JSON.stringify({ ...fields, committee: fields.committee ?? '', isActive: false, password: '' }),
  });
}

// ---- the screen ----

/** The list has answered: the table on a desktop, the cards on a phone. */
function userList(page: Page, viewport: ViewportName): Locator {
  return viewport === 'desktop'
    ? page.getByRole('table', { name: 'Users' })
    : page.getByRole('list', { name: 'Users' });
}

/** One user's row (desktop) or card (phone). */
function userEntry(page: Page, viewport: ViewportName, name: string): Locator {
  return viewport === 'desktop'
    ? page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })
    : page.getByRole('listitem', { name, exact: true });
}

async function openUsers(page: Page, viewport: ViewportName) {
  await page.goto('/users');
  await heading(page).filter({ hasText: 'User Management' }).waitFor();
  await userList(page, viewport).waitFor();
}

/** The modal is in (its fade-in over: a half-transparent dialog would read as low contrast). */
async function openedDialog(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('[role="dialog"]') as Element).opacity === '1',
  );
  return dialog;
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

interface NewUser {
  fullName: string;
  email: string;
  mobile: string;
  city: string;
  role: string;
  password: string;
}

async function fillUserForm(dialog: Locator, user: NewUser) {
  await dialog.getByRole('textbox', { name: 'Full Name' }).fill(user.fullName);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill(user.mobile);
  // The cities come from the api.
  await dialog.getByRole('option', { name: user.city, exact: true }).waitFor({ state: 'attached' });
  await dialog.getByRole('combobox', { name: 'City' }).selectOption({ label: user.city });
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: user.role });
  await dialog.locator('input[name="password"]').fill(user.password);
}

function expectNoSeriousViolations(violations: Awaited<ReturnType<typeof seriousViolations>>) {
  expect(violations).toEqual([]);
}

/** A unique account per run and viewport (the api keeps every email ever used). */
function newPresident(viewport: ViewportName, city: string): NewUser {
  const stamp = `${Date.now()}`;
  return {
    fullName: `Kiran Sawant ${viewport === 'desktop' ? 'Desk' : 'Phone'} ${stamp.slice(-5)}`,
    email: `e2e.president.${viewport}.${stamp}@example.org`,
    mobile: `9${stamp.slice(-9)}`,
    city,
    role: 'City President',
    password: 'Welcome@2026',
  };
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('User Management at %s width', (viewport) => {
  test('an admin creates a city president, who signs in and lands on /dashboard; once deactivated, their open session is refused at its next call', async () => {
    const adminToken = await tokenOf('admin@helpdesk.demo');
    const city = await cityWithoutPresident(adminToken);
    const user = newPresident(viewport, city);
    const admin = await newPage(browser, viewport);
    const member = await newPage(browser, viewport);
    try {
      // The admin creates the account.
      await seedSession(admin.page, 'admin@helpdesk.demo');
      await openUsers(admin.page, viewport);
      await admin.page.getByRole('button', { name: 'Add User' }).click();
      const dialog = await openedDialog(admin.page, 'Add New User');
      expect(await dialog.getByRole('checkbox', { name: 'Active' }).isChecked()).toBe(true);
      await fillUserForm(dialog, user);
      await dialog.getByRole('button', { name: 'Create User' }).click();
      await admin.page.getByRole('status').filter({ hasText: 'User created successfully!' }).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The server's search finds them, with the role and city given.
      await searchFor(admin.page, user.email);
      const entry = userEntry(admin.page, viewport, user.fullName);
      await entry.waitFor();
      expect(
        await userList(admin.page, viewport)
          .getByRole(viewport === 'desktop' ? 'row' : 'listitem')
          .count(),
      ).toBe(viewport === 'desktop' ? 2 : 1);
      for (const text of [user.email, user.mobile, city, 'City President', 'Active']) {
        await entry.getByText(text, { exact: true }).waitFor();
      }
      // The message goes after 3 seconds.
      await admin.page.getByText('User created successfully!').waitFor({ state: 'detached', timeout: 5_000 });

      // The new city president signs in through the login screen and lands on the dashboard.
      await member.page.goto('/');
      await member.page.locator('input[name="email"]').fill(user.email);
      await member.page.locator('input[name="password"]').fill(user.password);
      await member.page.getByRole('button', { name: 'Sign In' }).click();
      await member.page.waitForURL(pathnameIs('/dashboard'));
      await heading(member.page).filter({ hasText: 'City President Dashboard' }).waitFor();

      // The admin deactivates them.
      await entry.getByRole('button', { name: `Edit ${user.fullName}` }).click();
      const edit = await openedDialog(admin.page, 'Edit User');
      expect(await edit.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(user.email);
      expect(await edit.getByLabel('Password (leave blank to keep current)').inputValue()).toBe('');
      await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
      await edit.getByRole('button', { name: 'Update User' }).click();
      await admin.page.getByRole('status').filter({ hasText: 'User updated successfully!' }).waitFor();
      await entry.getByText('Inactive', { exact: true }).waitFor();

      // Their open page makes its next call: the api refuses the revoked token (401), the shared
      // client signs them out and the shell sends them to `/`. (The dashboard makes no call that
      // needs a session yet, so they open /users in the app, as a link would.)
      const refused = member.page.waitForResponse(
        (response) => response.url().includes('/api/') && response.status() === 401,
      );
      await clientNavigate(member.page, '/users');
      await refused;
      await member.page.waitForURL(pathnameIs('/'));
      await member.page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(
        await member.page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]),
      ).toEqual([null, null]);
      expect(await member.page.getByRole('banner').count()).toBe(0);
    } finally {
      await admin.context.close();
      await member.context.close();
      await deactivate(adminToken, user.email);
    }
  });

  test('a convenor opening /users or /activity is refused, and so is their call to the api', async () => {
    const { context, page } = await newPage(browser, viewport);
    await seedSession(page, 'pune.convenor@helpdesk.demo');
    for (const [pathname, title] of [
      ['/users', 'User Management'],
      ['/activity', 'Users'],
    ] as const) {
      await page.goto(pathname);
      await heading(page).filter({ hasText: title }).waitFor();
      const alert = page.getByRole('alert').filter({ hasText: 'Not allowed' });
      await alert.waitFor();
      await alert
        .getByText('Only admins can see and change user accounts. You are signed in as Convenor.')
        .waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add User' }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(pathname); // still signed in, just refused
    }
    await screenshot(page, `users-not-allowed-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page));

    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect((await api('/admin/users', token)).status).toBe(403);
    await context.close();
  });

  test('/users and the open modal: screenshots, no serious axe violation, validation and server errors', async () => {
    const { context, page } = await newPage(browser, viewport);
    await seedSession(page, 'admin@helpdesk.demo');
    await openUsers(page, viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await screenshot(page, `users-list-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page));

    // The role filter narrows the list on the server.
    await page.getByRole('combobox', { name: 'Filter by role' }).selectOption({ label: 'City President' });
    await userEntry(page, viewport, 'Aditya Patwardhan').waitFor();
    await userEntry(page, viewport, 'Sunita Kulkarni').waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Filter by role' }).selectOption({ label: 'All Roles' });
    await userEntry(page, viewport, 'Sunita Kulkarni').waitFor();

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = await openedDialog(page, 'Add New User');
    await screenView(page, `users-modal-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page));

    // Nothing typed: every required field says so, and nothing is sent.
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/admin/users')) saves += 1;
    });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    for (const message of [
      'Full name is required',
      'Please provide a valid email address.',
      'Mobile number is required',
      'City is required',
      'Password is required',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    expect(saves).toBe(0);
    await screenView(page, `users-modal-errors-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page));

    // A duplicate email: the api's message in the banner, everything typed still there.
    const typed: NewUser = {
      fullName: 'Asha Deshpande',
      email: 'pune.president@helpdesk.demo',
      mobile: '9822012345',
      city: 'Pune',
      role: 'Convenor',
      password: 'Welcome@2026',
    };
    await fillUserForm(dialog, typed);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    const banner = dialog.getByRole('alert').filter({ hasText: 'The user was not saved' });
    await banner.getByText('A user with this email already exists').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Full Name' }).inputValue()).toBe(typed.fullName);
    expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(typed.email);
    expect(await dialog.getByRole('textbox', { name: 'Mobile' }).inputValue()).toBe(typed.mobile);
    expect(await dialog.getByRole('combobox', { name: 'City' }).inputValue()).toBe('Pune');
    expect(await dialog.locator('input[name="password"]').inputValue()).toBe(typed.password);
    await screenView(page, `users-modal-server-error-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page));

    // A second active city president for Pune: refused by the api, shown the same way.
    await dialog
      .getByRole('textbox', { name: 'Email' })
      .fill(`e2e.second.${viewport}.${Date.now()}@example.org`);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'City President' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await banner
      .getByText('Pune already has an active city president: Aditya Patwardhan', { exact: false })
      .waitFor();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('status').filter({ hasText: 'successfully' }).count()).toBe(0);
    await context.close();
  });

  test('/activity: the Users page of the admin menu gives an overview and leads to User Management', async () => {
    const { context, page } = await newPage(browser, viewport);
    await seedSession(page, 'admin@helpdesk.demo');
    await page.goto('/activity');
    await heading(page).filter({ hasText: 'Users' }).waitFor();
    // A table on a desktop, one line per role on a phone.
    const byRole = page.getByRole(viewport === 'desktop' ? 'table' : 'list', {
      name: 'Staff accounts by role',
    });
    await byRole.waitFor();
    // The seed: one admin, one Credai President, a governor, and a president, convenor and
    // observer in each of Pune, Mumbai and Nagpur (and whatever earlier tests added).
    if (viewport === 'desktop') {
      const adminRow = byRole.getByRole('row').filter({ hasText: /^Admin/ });
      expect(Number(await adminRow.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    } else {
      const adminLine = byRole.getByRole('listitem').filter({ hasText: /^Admin/ });
      expect(await adminLine.textContent()).toMatch(/^Admin\d+ \(\d+ active, \d+ inactive\)$/);
    }
    await page.getByRole('list', { name: 'Recently added' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await screenshot(page, `users-activity-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page));

    await page.getByRole('link', { name: 'Manage users' }).click();
    await page.waitForURL(pathnameIs('/users'));
    await userList(page, viewport).waitFor();
    await context.close();
  });
});
