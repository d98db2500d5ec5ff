/**
 * A signed-in page without going through the login form: signs in through the api (the demo
 * seed's accounts) and stores the session under the product's keys before the page's scripts run.
 * Staff routes need a session; tests about something else (federation, redeploy) use this.
 */
import type { Page } from 'playwright-core';
import { run } from './browser';

export async function seedSession(page: Page, email = 'governor@helpdesk.demo'): Promise<void> {
  const response = await fetch(`${run().baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: process.env.DEMO_PASSWORD || 'Demo@12345',
    }),
  });
  if (!response.ok) throw new Error(`Demo sign-in of ${email} failed with ${response.status}`);
  const { token, user } = (await response.json()) as {
    token: string;
    user: {
      id: number;
      fullName: string;
      email: string;
      role: string;
      city?: string | null;
    };
  };
  const stored = {
    id: user.id,
    name: user.fullName,
    email: user.email,
    role: user.role.toLowerCase(),
    city: user.city ?? null,
  };
  await page.addInitScript(
    ([key, value]) => {
      localStorage.setItem('token', key);
      localStorage.setItem('user', value);
    },
    [token, JSON.stringify(stored)] as const,
  );
}
