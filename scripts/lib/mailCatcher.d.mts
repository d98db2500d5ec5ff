// Types of mailCatcher.mjs for the TypeScript that starts it (the end-to-end setup).

/** One email as the catcher received it. */
export interface CaughtMail {
  id: number;
  receivedAt: string;
  date: string;
  from: string[];
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  extraHeaders: Record<string, string>;
}

/** Addresses at this domain are refused with 550 (a message to one fails for good). */
export const BOUNCE_DOMAIN: string;

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  httpOrigin: string;
  messages: CaughtMail[];
  close(): Promise<unknown>;
}

export function startMailCatcher(options?: {
  host?: string;
  smtpPort?: number;
  httpPort?: number;
  basePath?: string;
}): Promise<MailCatcher>;
