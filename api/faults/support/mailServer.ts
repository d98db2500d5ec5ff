// A mail server the outbox scenarios control (smtp-server, as in the api tests): it records every
// message it accepted with its Message-ID and who sent it (the SMTP user, one per api process), and
// it can hold a message after its data arrived without answering (the send is in flight: the api
// can be killed there), or go down altogether (port closed, open connections cut) and come back
// on the same port.
import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface AcceptedMessage {
  /** `<outbox-{id}@host>`: the outbox row's identity. */
  messageId: string;
  /** The SMTP user the api signed in with (which process sent it). */
  user: string;
  to: string[];
}

export interface MailServer {
  port: number;
  /** An SMTP URL signing in as `user`, so the server can tell the senders apart. */
  urlFor(user: string): string;
  /** Every message accepted (answered 250), in order, duplicates included. */
  accepted: AcceptedMessage[];
  /** Messages whose data arrived while holding: never answered. */
  held: AcceptedMessage[];
  /** From now on, receive each message's data but do not answer it (false: answer again). */
  hold(on: boolean): void;
  /** Answers 250 to the held messages still waiting (they move to `accepted`). */
  acceptHeld(): void;
  /** Closes the port and cuts every open connection (the api's pooled ones too). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** The Message-ID header of a raw message (folded lines joined). */
function messageIdOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return /^message-id:\s*(\S+)/im.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
}

export async function startMailServer(): Promise<MailServer> {
  const accepted: AcceptedMessage[] = [];
  const held: AcceptedMessage[] = [];
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  let holding = false;
  let port = 0;
  let server: SMTPServer;

  const create = () => {
    const created = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Any name and password: the name only tells the api processes apart.
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username ?? '' });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const message: AcceptedMessage = {
            messageId: messageIdOf(raw),
            user: String(session.user ?? ''),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          };
          if (holding) {
            // Not answered: the sender waits until acceptHeld(), its death or its socket's timeout.
            held.push(message);
            waiting.push(() => {
              accepted.push(message);
              callback();
            });
            return;
          }
          accepted.push(message);
          callback();
        });
      },
    });
    // Every socket, so down() can cut them at once instead of waiting for the senders to quit.
    created.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    created.on('error', () => undefined); // a connection cut by down() is not the test's failure
    return created;
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = create();
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.server.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });

  const down = () =>
    new Promise<void>((resolve) => {
      server.server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  await listen();
  return {
    get port() {
      return port;
    },
    urlFor: (user) => `smtp://${encodeURIComponent(user)}:secret@127.0.0.1:${port}`,
    accepted,
    held,
    hold(on) {
      holding = on;
    },
    acceptHeld() {
      for (const answer of waiting.splice(0)) answer();
    },
    down,
    up: listen,
    close: down,
  };
}

/** How many times each Message-ID was accepted. */
export function countsById(messages: AcceptedMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
  return counts;
}
