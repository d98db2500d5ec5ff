// A real SMTP server for the tests (smtp-server, by nodemailer's authors): every email the api
// sends arrives here over SMTP and is parsed (mailparser). It can refuse for a while (a 4xx: try
// again later, or a 5xx: never), or stop listening altogether, to test the outbox's retries.
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, unknown>;
  /** The header lines as sent (`List-Unsubscribe: <mailto:…>`). */
  rawHeaders: string;
}

export type Refusal = { code: number; message: string } | null;

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** Refuse every message from now on with this reply (null: accept again). */
  refuse(refusal: Refusal): void;
  /** Emails to one address. */
  to(address: string): ReceivedEmail[];
  /** Resolves once `count` emails matched (polls; fails after `timeoutMs`). */
  waitFor(
    predicate: (email: ReceivedEmail) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => entry.value.map((one) => (one.address ?? '').toLowerCase()));
}

/** Starts a sink on a free port (or `port`). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  let refusal: Refusal = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          const error = new Error(refusal.message) as Error & { responseCode: number };
          error.responseCode = refusal.code;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push({
              to: addresses(mail.to),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              headers: mail.headers,
              rawHeaders: mail.headerLines.map((header) => header.line).join('\n'),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    refuse(next) {
      refusal = next;
    },
    to: (address) => received.filter((email) => email.to.includes(address.toLowerCase())),
    async waitFor(predicate, count = 1, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matched = received.filter(predicate);
        if (matched.length >= count) return matched;
        if (Date.now() > deadline) {
          throw new Error(
            `waited ${timeoutMs} ms for ${count} email(s), saw ${matched.length}; received: ${JSON.stringify(
              received.map((email) => ({ to: email.to, subject: email.subject })),
            )}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The links of an email's text body. */
export function linksOf(email: ReceivedEmail | undefined): string[] {
  if (!email) return [];
  return [...email.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}
