/**
 * `npm start`'s mail catcher (ADR 0029): the gateway shows at /mail/ the emails sent to the
 * catcher's SMTP server, with their links clickable and the text escaped; the production front
 * door (nginx.conf) has no such inbox. And `npm start` itself (issue 17, done when 5): the suite it
 * starts sends a demo submit's confirmation to the catcher, readable at the address the README
 * gives, with a link that opens the ticket.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { startGateway } from '../../scripts/lib/gateway.mjs';
import { type MailCatcher, startMailCatcher } from '../../scripts/lib/mailCatcher.mjs';
import { startSuite } from '../../scripts/lib/startSuite.mjs';
import { run } from '../support/browser';
import { freePort } from '../support/globalSetup';
import { ROOT, RUN_DIR } from '../support/paths';

jest.setTimeout(60_000);

let catcher: MailCatcher;
let gateway: { close(): Promise<unknown> };
let site: string;

beforeAll(async () => {
  catcher = await startMailCatcher();
  const port = await freePort();
  gateway = await startGateway({
    www: path.join(run().www),
    port,
    apiUrl: run().apiUrl,
    mailUrl: catcher.httpOrigin,
  });
  site = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await gateway?.close();
  await catcher?.close();
});

/** Sends one raw message over plain SMTP, command by command, as any mail client would. */
function sendRawMail(smtpUrl: string, from: string, to: string, message: string): Promise<void> {
  const { hostname, port } = new URL(smtpUrl);
  const commands = [`EHLO test`, `MAIL FROM:<${from}>`, `RCPT TO:<${to}>`, 'DATA', `${message}\r\n.`, 'QUIT'];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      buffer += chunk;
      // Each reply ends with a line 'NNN text' (a dash after the code means more lines follow).
      const lines = buffer.split('\r\n');
      const last = lines[lines.length - 2];
      if (!last || !/^\d{3} /.test(last)) return;
      buffer = '';
      if (!/^[23]/.test(last)) return reject(new Error(`SMTP refused: ${last}`));
      const next = commands.shift();
      if (next === undefined) return socket.end();
      socket.write(`${next}\r\n`);
    });
    socket.on('error', reject);
    socket.on('close', () => (commands.length ? reject(new Error('SMTP closed early')) : resolve()));
  });
}

test('an email sent to the catcher is readable through the gateway at /mail/', async () => {
  const boundary = 'b1';
  await sendRawMail(
    catcher.smtpUrl,
    'desk@helpdesk.demo',
    'member@example.com',
    [
      'From: Help desk <desk@helpdesk.demo>',
      'To: member@example.com',
      'Subject: Your ticket <CREDAI-7>',
      'List-Unsubscribe: <mailto:unsubscribe@helpdesk.demo>',
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Follow it here: http://localhost:8080/ticket-detail/7#key=abc',
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Follow it <a href="http://localhost:8080/ticket-detail/7#key=abc">here</a></p>',
      `--${boundary}--`,
    ].join('\r\n'),
  );

  const inbox = await fetch(`${site}/mail/`);
  expect(inbox.status).toBe(200);
  const list = await inbox.text();
  expect(list).toContain('member@example.com');
  expect(list).toContain('Your ticket &lt;CREDAI-7&gt;');
  const href = /href="(\/mail\/messages\/\d+)"/.exec(list)?.[1];
  expect(href).toBeDefined();

  const message = await (await fetch(`${site}${href}`)).text();
  expect(message).toContain(
    '<a href="http://localhost:8080/ticket-detail/7#key=abc">http://localhost:8080/ticket-detail/7#key=abc</a>',
  );
  expect(message).toContain('&lt;mailto:unsubscribe@helpdesk.demo&gt;');

  const htmlBody = await fetch(`${site}${href}/html`);
  expect(htmlBody.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  expect(await htmlBody.text()).toContain('<a href="http://localhost:8080/ticket-detail/7#key=abc">here</a>');
});

test('nginx.conf does not expose a mail inbox', async () => {
  const response = await fetch(`${run().baseUrl}/mail/api/messages`);
  expect(response.headers.get('content-type') ?? '').not.toContain('application/json');
  expect(await response.text()).not.toContain('"messages"');
});

/** The inbox address the README gives for `npm start` (its path is what any port serves). */
function readmeInbox(): URL {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const address = /\*\*(http:\/\/localhost:8080\/mail\/)\*\*/.exec(readme)?.[1];
  if (!address)
    throw new Error('README.md no longer gives the mail inbox as **http://localhost:8080/mail/**');
  return new URL(address);
}

/** The text between `<pre>` and `</pre>`, unescaped (the catcher's message page shows the text body there). */
function textBodyOf(page: string): string {
  const escaped = /<pre>([\s\S]*?)<\/pre>/.exec(page)?.[1] ?? '';
  return escaped
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

test("npm start: a demo submit's confirmation is readable at the README's inbox address, and its link opens the ticket", async () => {
  const inbox = readmeInbox();
  const port = await freePort();
  const apiPort = await freePort();
  const { DATABASE_URL: _database, SMTP_URL: _smtp, PUBLIC_URL: _public, ...env } = process.env;
  // What `npm start` runs, on ports and a data folder of its own, with fewer demo tickets to seed.
  const suite = await startSuite({
    port,
    apiPort,
    stdio: 'ignore',
    www: run().www,
    env: { ...env, DATA_DIR: path.join(RUN_DIR, 'tmp', `npm-start-${port}`), HELPDESK_DEMO_TICKETS: '20' },
  });
  try {
    expect(suite.catcher).not.toBeNull();
    const site = `http://127.0.0.1:${port}`;
    const cities = (await (await fetch(`${site}/api/cities/getAllCities`)).json()) as {
      cities: { id: number; name: string }[];
    };
    const pune = cities.cities.find((city) => city.name === 'Pune');
    const committees = (await (
      await fetch(`${site}/api/committees/getAllCommittees?cityId=${pune?.id}`)
    ).json()) as { committees: { id: number }[] };
    const email = `npm.start.${port}@example.com`;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      fullName: 'Newcomer Demo',
      cityId: String(pune?.id),
      mobile: '9876543210',
      committeeId: String(committees.committees[0]?.id),
      email,
      description: 'Trying the demo: the lift in tower B has been broken since Monday.',
    }))
      form.append(name, value);
    const submitted = await fetch(`${site}/api/tickets/submit`, { method: 'POST', body: form });
    expect(submitted.status).toBe(201);
    const { ticketId } = (await submitted.json()) as { ticketId: number };

    // The inbox at the README's path, as a newcomer reads it: the confirmation arrives there.
    const subject = `We received your ticket #${ticketId}`;
    let list = '';
    const deadline = Date.now() + 30_000;
    while (!list.includes(subject) && Date.now() < deadline) {
      const answer = await fetch(`${site}${inbox.pathname}`);
      expect(answer.status).toBe(200);
      list = await answer.text();
      if (!list.includes(subject)) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(list).toContain(subject);
    expect(list).toContain(email);
    const href = new RegExp(`href="(${inbox.pathname}messages/\\d+)">${subject}<`).exec(list)?.[1];
    expect(href).toBeDefined();

    // The email: its link to the ticket leads to this suite and its key opens the ticket.
    const message = textBodyOf(await (await fetch(`${site}${href}`)).text());
    const link = /^(http:\/\/localhost:\d+)\/ticket-detail\/(\d+)#key=([\w-]+)$/m.exec(message);
    expect(link?.[1]).toBe(`http://localhost:${port}`);
    expect(Number(link?.[2])).toBe(ticketId);
    const ticket = await fetch(`${site}/api/tickets/${ticketId}`, {
      headers: { 'X-Access-Key': link?.[3] ?? '' },
    });
    expect(ticket.status).toBe(200);
    expect(((await ticket.json()) as { ticket: { id: number } }).ticket.id).toBe(ticketId);
  } finally {
    await suite.close();
  }
});
