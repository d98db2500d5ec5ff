/**
 * Each remote on its own, as its team works on it (ADR 0032): without the shell, its standalone
 * page (the index.html of its build, mounting its routes with the providers the shell would
 * give) renders its main route against the api. The production build of each remote is served
 * alone; mf-user-admin also through its own dev server (`npm run dev -w mf-user-admin`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, run, screenshot, VIEWPORTS } from '../support/browser';
import { freePort } from '../support/globalSetup';
import { ROOT } from '../support/paths';
import { seedSession } from '../support/session';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The remote's build, alone at the root of its own origin, with /api forwarded to the api. */
async function serveAlone(folder: string): Promise<{ url: string; server: FastifyInstance }> {
  const server = Fastify({ logger: false });
  await server.register(proxy, { upstream: run().apiUrl, prefix: '/api', rewritePrefix: '/api' });
  await server.register(fastifyStatic, { root: folder, prefix: '/', wildcard: true });
  // Its own routes are client-side: every path without a file gets its page.
  server.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
  const port = await freePort();
  await server.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, server };
}

async function openAlone(
  url: string,
  signedIn: boolean,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  // An admin: the one role that sees the user administration (and a dashboard of its own).
  if (signedIn) await seedSession(page, 'admin@helpdesk.demo');
  return { page, close: () => context.close() };
}

const REMOTES = [
  {
    name: 'public-intake',
    route: '/add-ticket',
    signedIn: false,
    ready: async (page: Page) => {
      await page.getByRole('heading', { name: 'Submit Helpdesk Ticket' }).waitFor();
    },
  },
  {
    name: 'staff-dashboard',
    route: '/dashboard',
    signedIn: true,
    ready: async (page: Page) => {
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Admin Dashboard' }).waitFor();
    },
  },
  {
    name: 'user-admin',
    route: '/users',
    signedIn: true,
    // The users listed come from the api (the demo seed's).
    ready: async (page: Page) => {
      await page.getByRole('heading', { name: 'User Management' }).waitFor();
      await page.getByRole('table', { name: 'Users' }).getByRole('cell').first().waitFor();
    },
  },
];

describe.each(REMOTES)('$name, production build served alone', ({ name, route, signedIn, ready }) => {
  test(`renders ${route} against the api without the shell`, async () => {
    const { url, server } = await serveAlone(path.join(run().www, 'remotes', name));
    const { page, close } = await openAlone(url, signedIn);
    const apiCalls: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiCalls.push(response.status());
    });
    try {
      await page.goto(route);
      await ready(page);
      // No shell: no remotes.json, no other remote.
      expect(
        await page.evaluate(() => performance.getEntries().map((entry) => entry.name)),
      ).not.toContainEqual(expect.stringMatching(/config\/remotes\.json|\/remotes\//));
      if (signedIn) expect(apiCalls.length).toBeGreaterThan(0);
      expect(apiCalls.every((status) => status < 400)).toBe(true);
      await screenshot(page, `standalone-${name}`);
    } finally {
      await close();
      await server.close();
    }
  });
});

/** `npm run dev -w mf-user-admin`'s dev server, on a free port, proxying /api to this run's api. */
async function startDevServer(): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn('npx', ['webpack', 'serve', '--mode', 'development', '--port', String(port)], {
    cwd: path.join(ROOT, 'mf-user-admin'),
    env: { ...process.env, HELPDESK_API_URL: run().apiUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the dev server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/mf-manifest.json`)).ok) return { url, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the dev server did not answer in time:\n${output}`);
}

test('mf-user-admin’s own dev server renders /users against the api', async () => {
  const { url, child, output } = await startDevServer();
  const { page, close } = await openAlone(url, true);
  try {
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByRole('cell').first().waitFor();
    await screenshot(page, 'standalone-user-admin-dev-server');
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- dev server output ---\n${output()}`);
  } finally {
    await close();
    // The whole process group: npx and webpack under it.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
});
