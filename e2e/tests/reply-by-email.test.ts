/**
 * Replies by email in Chromium behind nginx, at 1280 px and 390 px (issue 36, Done 3; ADR 0059):
 * the city president asks the member a question in the ticket's dialog; the member answers the
 * emailed question from their mail app (the answer goes to the Reply-To of the email, into the
 * run's Dovecot mailbox that the api reads); the answer, without the quoted email, shows in the
 * staff dialog and on the member's page. axe-core finds no serious or critical violation.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { IMAP_PASSWORD } from '../../api/test/support/dovecot';
import { expectAccessible } from '../support/axe';
import { browserForFile, run, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { submitPuneTicket } from '../support/intake';
import { linkTo, waitForMail } from '../support/mail';
import { seedSession } from '../support/session';

jest.setTimeout(180_000);

const PRESIDENT = 'pune.president@helpdesk.demo';

const { freshPage } = browserForFile();

/** Delivers a raw mail to this stack's reply mailbox, as the member's mail server would. */
async function deliverToReplyMailbox(raw: Buffer): Promise<void> {
  const imap = run().imap;
  if (!imap) throw new Error("This test needs Dovecot's IMAP server: `npm test` installs dovecot-imapd");
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: imap.port,
    secure: false,
    auth: { user: imap.user, pass: IMAP_PASSWORD },
    logger: false,
  });
  await client.connect();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}

/** Waits until the ticket's history (read with its share link's key) holds the member's answer. */
async function filedReply(
  ticketId: number,
  shareUrl: string,
  text: string,
  timeoutMs = 60_000,
): Promise<void> {
  const key = new URL(shareUrl, run().baseUrl).hash.replace(/^#key=/, '');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${run().baseUrl}/api/tickets/${ticketId}/history`, {
      headers: { 'x-access-key': key },
    });
    const { history } = (await answer.json()) as { history: { kind?: string | null; text: string }[] };
    if (history.some((entry) => entry.kind === 'member.replied' && entry.text === text)) return;
    if (Date.now() > deadline)
      throw new Error(`The emailed answer was not filed within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('a reply by email at %s width', (viewport) => {
  test("staff ask a question; the member's emailed answer shows in the dialog and on the member's page", async () => {
    const letters = Array.from({ length: 8 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const member = {
      name: `Mail ${letters}`,
      email: `mail.${letters}@example.com`,
      description: `The developer has not registered the sale deed of flat 302 (${viewport}-${letters}).`,
    };
    const question = `Which date is on your allotment letter? (${letters})`;
    const answer = `The allotment letter is dated 4 March 2024 (${letters}).`;
    const submitted = await submitPuneTicket(member);
    const ticketId = submitted.id;

    // The president asks in the ticket's dialog.
    const staffPage = await freshPage(viewport);
    await seedSession(staffPage, PRESIDENT);
    await staffPage.goto(`${run().baseUrl}/dashboard?ticket=${ticketId}`);
    const dialog = staffPage.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reply to member' }).click();
    await dialog.getByRole('textbox', { name: /^Reply to the member/ }).fill(question);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await staffPage.getByText('Your reply has been sent to the member.').waitFor();

    // The member answers the emailed question from their mail app: to its Reply-To, quoting it.
    const asked = await waitForMail(
      member.email,
      (mail) => mail.subject === `New reply on your ticket #${ticketId}`,
    );
    const replyTo = asked.extraHeaders['reply-to'] ?? '';
    expect(replyTo).toMatch(new RegExp(`^help\\+t${ticketId}-[0-9a-f]{20}@replies\\.helpdesk\\.test$`));
    const raw = await new MailComposer({
      from: `${member.name} <${member.email}>`,
      to: replyTo,
      subject: `Re: ${asked.subject}`,
      text: `${answer}\n\nOn ${asked.date}, Help Desk wrote:\n${asked.text.replace(/^/gm, '> ')}`,
    })
      .compile()
      .build();
    await deliverToReplyMailbox(raw);

    // The api files it once it has read the mailbox; the dialog, opened again, shows it.
    await filedReply(ticketId, submitted.shareUrl, answer);
    await staffPage.reload();
    await dialog.waitFor();
    const memberEntry = dialog.getByRole('listitem').filter({ hasText: answer });
    await memberEntry.waitFor();
    await memberEntry.getByText('From the member').waitFor();
    expect(await memberEntry.textContent()).not.toContain('Help Desk wrote');
    await expectAccessible(staffPage);
    await screenshot(staffPage, `reply-by-email-dialog-${viewport}`);

    // The member's page shows it too, beside the question.
    const confirmation = await waitForMail(
      member.email,
      (mail) => mail.subject === `We received your ticket #${ticketId}`,
    );
    const memberPage = await freshPage(viewport);
    await memberPage.goto(linkTo(confirmation, `/ticket-detail/${ticketId}`));
    const timeline = memberPage.getByRole('list', { name: 'Messages about this ticket' });
    await timeline.getByText(answer).waitFor();
    await timeline.getByText(question).waitFor();
    await expectAccessible(memberPage);
    await screenshot(memberPage, `reply-by-email-member-${viewport}`);
  });
});
