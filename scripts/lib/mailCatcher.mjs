// The local mail catcher of `npm start` and of the end-to-end tests (ADR 0029): an SMTP server
// that keeps every message it receives in memory, and a small inbox to read them, served under
// `/mail/` (the `npm start` gateway forwards http://localhost:8080/mail/ to it; nginx.conf never
// does: production sends through a real SMTP server). Nothing is relayed anywhere.
//
// The inbox: GET /mail/ (newest first), /mail/messages/{id} (headers and text body, links
// clickable), /mail/messages/{id}/html (the HTML body, sandboxed), and for tests
// GET /mail/api/messages (JSON, oldest first) and DELETE /mail/api/messages.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Every address at this domain (reserved: it never exists) is refused with 550, as a real server
 * refuses an unknown mailbox: the api fails such a message for good, so the demo and the tests can
 * see one on the admins' Failed messages screen and retry it.
 */
export const BOUNCE_DOMAIN = 'bounce.invalid';

/** A demo sends a handful; a long test run a few hundred. The oldest go first past this. */
const KEEP = 1000;
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";
// The HTML body is the api's own template, but it is still shown as a document that can run
// nothing and load nothing.
const HTML_BODY_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const escapeHtml = (text) =>
  String(text ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Escaped text with its http(s) links made clickable. */
function linkified(text) {
  const parts = String(text ?? '').split(/(https?:\/\/[^\s<>"']+)/g);
  return parts
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

const addresses = (field) => (field?.value ?? []).map((entry) => entry.address).filter(Boolean);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1b1e}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #dee2e6;vertical-align:top}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f8f9fa;padding:1rem;border-radius:6px}
a{color:#1864ab}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
</style></head><body>${body}</body></html>`;
}

function inboxPage(messages, base) {
  const rows = [...messages]
    .reverse()
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.date)}</td><td>${escapeHtml(message.to.join(', '))}</td><td><a href="${base}messages/${message.id}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Mail catcher',
    `<h1>Mail catcher</h1><p>Every email the help desk sent since it started (${messages.length}). Nothing leaves this machine. Reload to see new ones.</p>${
      rows
        ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No email yet.</p>'
    }`,
  );
}

function messagePage(message, base) {
  const headers = [
    ['From', message.from.join(', ')],
    ['To', message.to.join(', ')],
    ['Subject', message.subject],
    ['Date', message.date],
    ...Object.entries(message.extraHeaders),
  ];
  return page(
    message.subject || 'Email',
    `<p><a href="${base}">← Inbox</a></p><h1>${escapeHtml(message.subject || '(no subject)')}</h1><dl>${headers
      .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
      .join('')}</dl>${
      message.html ? `<p><a href="${base}messages/${message.id}/html">Open the HTML version</a></p>` : ''
    }<h2>Text</h2><pre>${linkified(message.text)}</pre>`,
  );
}

/**
 * Starts the catcher: SMTP on `smtpPort` and the inbox on `httpPort` (0: any free port), both on
 * `host`. `basePath` is where the inbox is reached through the gateway. Returns the SMTP URL to
 * give the api, the inbox URL, the messages kept, and `close()`.
 */
export async function startMailCatcher({
  host = '127.0.0.1',
  smtpPort = 0,
  httpPort = 0,
  basePath = '/mail/',
} = {}) {
  const messages = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    // A local sink: anyone on this machine may send, in plain text (no certificate to trust).
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    banner: 'help desk mail catcher',
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!String(address.address).toLowerCase().endsWith(`@${BOUNCE_DOMAIN}`)) return callback();
      const refused = Object.assign(
        new Error(`Mailbox unavailable: the mail catcher refuses every address at ${BOUNCE_DOMAIN}`),
        { responseCode: 550 },
      );
      return callback(refused);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const extraHeaders = {};
          // As sent (mailparser turns some of them into objects).
          for (const { key, line } of parsed.headerLines ?? [])
            if (['list-unsubscribe', 'list-unsubscribe-post', 'message-id', 'reply-to'].includes(key))
              extraHeaders[key] = line.slice(line.indexOf(':') + 1).trim();
          messages.push({
            id: nextId++,
            receivedAt: new Date().toISOString(),
            date: (parsed.date ?? new Date()).toISOString(),
            from: addresses(parsed.from),
            // The envelope's recipients: what the api asked the server to deliver to.
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            extraHeaders,
          });
          if (messages.length > KEEP) messages.splice(0, messages.length - KEEP);
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  smtp.on('error', (error) => console.error(`mail catcher: ${error.message}`));
  await new Promise((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(smtpPort, host, resolve);
  });

  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  const http = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://catcher');
    const send = (status, type, body, csp = PAGE_CSP) => {
      response.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      });
      response.end(body);
    };
    const local = pathname.startsWith(base) ? pathname.slice(base.length) : null;
    if (local === 'api/messages' && request.method === 'GET')
      return send(200, 'application/json', JSON.stringify({ messages }));
    if (local === 'api/messages' && request.method === 'DELETE') {
      messages.splice(0);
      return send(200, 'application/json', JSON.stringify({ ok: true }));
    }
    if (request.method !== 'GET') return send(405, 'text/plain', 'Method not allowed');
    if (local === '') return send(200, 'text/html; charset=utf-8', inboxPage(messages, base));
    const match = local === null ? null : /^messages\/(\d+)(\/html)?$/.exec(local);
    const message = match ? messages.find((entry) => entry.id === Number(match[1])) : undefined;
    if (!message) return send(404, 'text/plain', 'Not found');
    return match?.[2]
      ? send(200, 'text/html; charset=utf-8', message.html, HTML_BODY_CSP)
      : send(200, 'text/html; charset=utf-8', messagePage(message, base));
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, host, resolve);
  });

  const smtpAddress = smtp.server.address();
  const httpAddress = http.address();
  return {
    smtpUrl: `smtp://${host}:${smtpAddress.port}`,
    inboxUrl: `http://${host}:${httpAddress.port}${base}`,
    httpOrigin: `http://${host}:${httpAddress.port}`,
    messages,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => {
          http.closeAllConnections?.();
          http.close(() => resolve());
        }),
      ]),
  };
}
