/**
 * `npm start`'s mail catcher (ADR 0029): the gateway shows at /mail/ the emails sent to the
 * catcher's SMTP server, with their links clickable and the text escaped; the production front
 * door (nginx.conf) has no such inbox.
 */
import { connect } from 'node:net';
import path from 'node:path';
import { startGateway } from '../../scripts/lib/gateway.mjs';
import { type MailCatcher, startMailCatcher } from '../../scripts/lib/mailCatcher.mjs';
import { run } from '../support/browser';
import { freePort } from '../support/globalSetup';

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
