/**
 * Issue 34's Done 3 (ADR 0053, 0054), in Chromium behind nginx at 1280 and 390 px, with axe: an
 * admin's first sign-in leads to /profile to set up two-step sign-in (admins must use it), where
 * they set it up with the secret shown beside the QR code, sign out, sign in with a code, end
 * another session from /profile, and that session's next call is refused. Then the demo admin
 * resets another admin's second factor and ends their sessions from the users page. Each width
 * uses admins of its own, created for the test, so the demo admin that the other tests sign in as
 * keeps signing in with its password.
 */
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, run, VIEWPORTS, type ViewportName } from '../support/browser';
import { seedSession } from '../support/session';

const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';
const PASSWORD = 'Tamarind-Lantern-73';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  return fetch(`${run().baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      // Only with a body: the api refuses an empty JSON body.
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function signInByApi(email: string, password: string): Promise<string> {
  const answer = await api('/auth/login', { method: 'POST', body: { email, password } });
  if (!answer.ok) throw new Error(`sign-in of ${email}: ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}

/** A new admin for this width (the demo admin creates it). */
async function newAdmin(viewport: string, fullName = 'Lata Mangeshkar'): Promise<string> {
  const demoAdmin = await signInByApi('admin@helpdesk.demo', DEMO_PASSWORD);
  const email = `mfa.${viewport}.${Date.now()}@example.org`;
  const created = await api('/admin/users/new', {
    method: 'POST',
    token: demoAdmin,
    body: {
      fullName,
      email,
      mobile: '9876543210',
      city: 'Pune',
      role: 'admin',
      password: PASSWORD,
      isActive: true,
    },
  });
  if (created.status !== 201) throw new Error(`creating an admin: ${created.status} ${await created.text()}`);
  return email;
}

/** Each secret's last step used: the api takes a step once, and only a later one after it. */
const lastSteps = new Map<string, number>();
const STEP_MS = 30_000;

/**
 * A code the api takes now: the api accepts the current 30-second step and the ones on either side
 * (clock drift), each once and in order, so three codes are there at once (the previous step's
 * first, unless the current step is about to end). Only a fourth within one step waits for time.
 */
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const earliest = now % STEP_MS < STEP_MS - 5_000 ? current - 1 : current;
    const step = Math.max((lastSteps.get(secret) ?? 0) + 1, earliest);
    if (step <= current + 1) {
      lastSteps.set(secret, step);
      return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: step * STEP_MS,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (now % STEP_MS) + 50));
  }
}

async function signInOnPage(page: Page, email: string) {
  await page.goto('/');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('two-step sign-in at %s width', (viewport) => {
  it('enrols, signs out, signs in with a code, and ends another session', async () => {
    const email = await newAdmin(viewport);
    const { context, page } = await newPage(browser, viewport);
    try {
      // Admins must use two-step sign-in and this one has not set it up: /profile first, saying why.
      await signInOnPage(page, email);
      await page.waitForURL((url) => url.pathname === '/profile');
      const section = page.getByRole('region', { name: 'Sign-in and sessions' });
      await section.getByRole('alert').filter({ hasText: 'Set up two-step sign-in first' }).waitFor();
      await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const secret = (await section.getByTestId('mfa-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await section.getByLabel(/^Code from the app/).fill(await freshCode(secret));
      await section.getByRole('button', { name: 'Confirm' }).click();
      const codes = section.getByRole('list', { name: 'Recovery codes' });
      await codes.waitFor();
      expect(await codes.getByRole('listitem').count()).toBe(10);

      // Sign out from the header's user menu (there at both widths).
      await page.getByRole('banner').getByRole('button', { name: 'Lata Mangeshkar' }).click();
      // The session ends on the server before the next page load, which would cancel the call.
      const loggedOut = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/auth/logout' && response.request().method() === 'POST',
      );
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      expect((await loggedOut).ok()).toBe(true);
      await page.waitForURL((url) => url.pathname === '/');

      // The password alone now asks for the code.
      await signInOnPage(page, email);
      const codeField = page.getByLabel(/^Code from your authenticator app/);
      await codeField.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await codeField.fill(await freshCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      // Signed in: back where the sign-out was, or the role's landing route.
      await page.waitForURL((url) => url.pathname === '/profile' || url.pathname === '/dashboard');

      // Another session of the same admin (a second device), ended from /profile.
      const challenge = await api('/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
      const { challenge: other } = (await challenge.json()) as { challenge: string };
      const otherSignIn = await api('/auth/mfa', {
        method: 'POST',
        body: { challenge: other, code: await freshCode(secret) },
      });
      expect(otherSignIn.status).toBe(200);
      const otherToken = ((await otherSignIn.json()) as { token: string }).token;
      expect((await api('/auth/check', { token: otherToken })).status).toBe(200);

      await page.goto('/profile');
      const sessions = page.getByRole('list', { name: 'Where you are signed in' });
      const end = sessions.getByRole('button', { name: /^End the session on / });
      await end.first().waitFor();
      expect(await end.count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await end.first().click();
      await end.first().waitFor({ state: 'detached' });
      expect((await api('/auth/check', { token: otherToken })).status).toBe(401);
      // This page's own session still works.
      await page.reload();
      await sessions.waitFor();
    } finally {
      await context.close();
    }
  }, 240_000);

  it("an admin resets another admin's second factor and ends their sessions from the users page", async () => {
    const name = 'Asha Bhosle';
    const email = await newAdmin(`${viewport}.reset`, name);
    // They set up a second factor (through the api, as /profile does).
    const token = await signInByApi(email, PASSWORD);
    const started = await api('/auth/mfa/enroll', { method: 'POST', token });
    expect(started.status).toBe(200);
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await api('/auth/mfa/confirm', {
      method: 'POST',
      token,
      body: { code: await freshCode(secret) },
    });
    expect(confirmed.status).toBe(200);
    const login = () => api('/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
    expect(await (await login()).json()).toMatchObject({ mfaRequired: true });

    const { context, page } = await newPage(browser, viewport);
    try {
      await seedSession(page, 'admin@helpdesk.demo');
      await page.goto('/users');
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'User Management' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill(email);
      const entry = page.getByRole(viewport === 'desktop' ? 'row' : 'listitem').filter({ hasText: email });
      await entry.getByRole('button', { name: `Edit ${name}` }).click();
      const details = page.getByRole('dialog', { name: 'Edit User' });
      await details.waitFor();

      // Reset second factor, confirmed in a dialog of its own.
      const resetButton = details.getByRole('button', { name: `Reset second factor of ${name}` });
      await resetButton.click();
      const confirmReset = page.getByRole('dialog', { name: 'Reset second factor?' });
      await confirmReset.waitFor();
      // Past the fade-in (a half-transparent dialog would read as low contrast).
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[role="dialog"]')].every(
          (dialog) => getComputedStyle(dialog).opacity === '1',
        ),
      );
      expect(await seriousViolations(page)).toEqual([]);
      await confirmReset.getByRole('button', { name: 'Reset second factor' }).click();
      await page.getByText(`The second factor of ${name} is reset.`).waitFor();
      await confirmReset.waitFor({ state: 'detached' });
      // The password alone signs them in again, with the nudge to set it up anew.
      const after = await login();
      expect(after.status).toBe(200);
      expect(await after.json()).toMatchObject({ mfaEnrolmentRequired: true });

      // A second reset: there is nothing to reset, and the dialog says so.
      await resetButton.click();
      await confirmReset.getByRole('button', { name: 'Reset second factor' }).click();
      await confirmReset
        .getByRole('alert')
        .filter({ hasText: `${name} has no second factor: there is nothing to reset.` })
        .waitFor();
      await confirmReset.getByRole('button', { name: 'Cancel' }).click();
      await confirmReset.waitFor({ state: 'detached' });

      // End all sessions: the first sign-in's and the one after the reset.
      await details.getByRole('button', { name: `End all sessions of ${name}` }).click();
      const confirmEnd = page.getByRole('dialog', { name: 'End all sessions?' });
      await confirmEnd.getByRole('button', { name: 'End all sessions' }).click();
      await page.getByText(`2 sessions of ${name} ended.`).waitFor();
      expect((await api('/auth/check', { token })).status).toBe(401);
    } finally {
      await context.close();
    }
  }, 120_000);
});
