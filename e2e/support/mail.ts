/**
 * The emails the api sent during this run, read from the run's mail catcher (ADR 0029): what a
 * member or an office bearer would find in their inbox.
 */
import type { CaughtMail } from '../../scripts/lib/mailCatcher.mjs';
import { run } from './browser';

export type { CaughtMail };

export async function sentMails(): Promise<CaughtMail[]> {
  const response = await fetch(`${run().mailUrl}api/messages`);
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
  return ((await response.json()) as { messages: CaughtMail[] }).messages;
}

/**
 * The first email to `to` that `matches`, once it has arrived (the outbox's worker sends it
 * shortly after the change that caused it). Fails with the emails seen when none came in time.
 */
export async function waitForMail(
  to: string,
  matches: (mail: CaughtMail) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  let seen: CaughtMail[] = [];
  while (Date.now() < deadline) {
    seen = await sentMails();
    const found = seen.find((mail) => mail.to.includes(to.toLowerCase()) && matches(mail));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `No matching email to ${to} within ${timeoutMs / 1000} s; seen: ${JSON.stringify(
      seen.map((mail) => ({ to: mail.to, subject: mail.subject })),
    )}`,
  );
}

/** The links of an email's text body on this run's site, in order. */
export function linksIn(mail: CaughtMail): URL[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => new URL(match[0]));
}

/** The link of an email whose path starts with `pathname`, on this run's site. */
export function linkTo(mail: CaughtMail, pathname: string): string {
  const link = linksIn(mail).find((url) => url.pathname.startsWith(pathname));
  if (!link) throw new Error(`No ${pathname} link in "${mail.subject}":\n${mail.text}`);
  expect(link.origin).toBe(run().baseUrl);
  return link.href;
}
