/**
 * The conversation on a ticket in Chromium behind nginx, at 1280 px and 390 px, against the built
 * api and its mail catcher (issue 17, done when 2): a member submits, opens the link of their
 * confirmation email in a fresh browser and replies with a PDF; the city president follows the
 * "new ticket" email's link, signs in, finds the member's reply in the details dialog, adds an
 * internal note and a public reply; the member's page then shows the reply and never the note,
 * neither on screen nor in any answer the member's browser received, nor in any email to them.
 * axe-core finds no serious or critical violation on either side.
 */
import type { Page, Response } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { browserForFile, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { submitPuneTicket } from '../support/intake';
import { linkTo, sentMails, waitForMail } from '../support/mail';

// Two browsers, four screens, and emails that wait for the outbox's worker, on a loaded machine.
jest.setTimeout(240_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PRESIDENT = 'pune.president@helpdesk.demo';

const { freshPage } = browserForFile();

/** A member nobody has seen before (letters only: the form refuses digits in a name). */
function newMember(viewport: ViewportName) {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const name = `Talk ${letters.join('')}`;
  const stamp = `${viewport}-${letters.join('')}`;
  return {
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    description: `The society has not handed over the parking allotment letter (${stamp}).`,
    reply: `Here is the allotment receipt you asked for (${stamp}).`,
    note: `Internal: the developer's manager admitted the delay on the phone (${stamp}).`,
    answer: `Thank you, we have written to the developer and expect the letter within a week (${stamp}).`,
  };
}

/** Every answer of the api the page receives, its body read as text (awaited by `bodies()`). */
function recordApiAnswers(page: Page) {
  const pending: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    pending.push(
      response
        .text()
        .then((body) => ({ url: response.url(), body }))
        .catch(() => ({ url: response.url(), body: '' })),
    );
  });
  return { bodies: () => Promise.all(pending) };
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the conversation at %s width', (viewport) => {
  test('the member replies with a PDF from the emailed link; the president notes and replies; the member never sees the note', async () => {
    const member = newMember(viewport);
    const ticketId = (await submitPuneTicket(member)).id;

    // The member's confirmation email: its link opens the ticket in a browser that never saw it.
    const confirmation = await waitForMail(member.email, (mail) => mail.subject.includes(`#${ticketId}`));
    const memberPage = await freshPage(viewport);
    const answers = recordApiAnswers(memberPage);
    await memberPage.goto(linkTo(confirmation, `/ticket-detail/${ticketId}`));
    await memberPage.getByText(member.description).waitFor();
    const timeline = memberPage.getByRole('list', { name: 'Messages about this ticket' });

    await memberPage.getByRole('textbox', { name: /^Your reply/ }).fill(member.reply);
    await memberPage
      .getByLabel('Attachment (optional)')
      .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
    await memberPage.getByRole('button', { name: 'Send reply' }).click();
    await memberPage.getByText('Your reply has been sent.').waitFor();
    await timeline.getByText(member.reply).waitFor();
    await timeline.getByRole('button', { name: 'View receipt.pdf' }).waitFor();
    await expectAccessible(memberPage);
    await screenshot(memberPage, `conversation-member-replied-${viewport}`);

    // The president's "new ticket" email leads to the dashboard's dialog, through the sign-in.
    const newTicket = await waitForMail(PRESIDENT, (mail) => mail.subject.includes(`#${ticketId} `));
    const staffPage = await freshPage(viewport);
    await staffPage.goto(linkTo(newTicket, '/dashboard'));
    await staffPage.locator('input[name="email"]').fill(PRESIDENT);
    await staffPage.locator('input[name="password"]').fill(process.env.DEMO_PASSWORD || 'Demo@12345');
    await staffPage.getByRole('button', { name: 'Sign In' }).click();
    const dialog = staffPage.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
    await dialog.waitFor();
    expect(new URL(staffPage.url()).search).toBe(`?ticket=${ticketId}`);

    // The member's reply, with its file, marked as the member's.
    const memberEntry = dialog.getByRole('listitem').filter({ hasText: member.reply });
    await memberEntry.waitFor();
    await memberEntry.getByText('From the member').waitFor();
    await memberEntry
      .getByRole('button', { name: /receipt\.pdf/ })
      .first()
      .waitFor();
    // The holder was told of it by email.
    await waitForMail(PRESIDENT, (mail) => mail.subject === `The member replied on ticket #${ticketId}`);

    // An internal note: tinted, labelled, staff only.
    await dialog.getByRole('button', { name: 'Add internal note' }).click();
    await dialog.getByRole('textbox', { name: /^Internal note/ }).fill(member.note);
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await staffPage.getByText('Internal note saved.').waitFor();
    const noteEntry = dialog.getByRole('listitem', { name: 'Internal note, staff only' }).filter({
      hasText: member.note,
    });
    await noteEntry.waitFor();

    // A public reply.
    await dialog.getByRole('button', { name: 'Reply to member' }).click();
    await dialog.getByRole('textbox', { name: /^Reply to the member/ }).fill(member.answer);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await staffPage.getByText('Your reply has been sent to the member.').waitFor();
    const answerEntry = dialog.getByRole('listitem').filter({ hasText: member.answer });
    await answerEntry.waitFor();
    expect(await answerEntry.getAttribute('data-visibility')).toBe('public');
    // The messages sent about the ticket list the reply's email to the member.
    await dialog
      .getByRole('table', { name: 'Messages sent' })
      .getByRole('row')
      .filter({ hasText: 'New reply' })
      .first()
      .waitFor();
    await expectAccessible(staffPage);
    await screenshot(staffPage, `conversation-dialog-${viewport}`);

    // The member's page: the reply, never the note.
    const replyMail = await waitForMail(
      member.email,
      (mail) => mail.subject === `New reply on your ticket #${ticketId}`,
    );
    expect(replyMail.text).toContain(member.answer);
    await memberPage.reload();
    await timeline.getByText(member.answer).waitFor();
    await timeline.getByText(member.reply).waitFor();
    expect(await memberPage.locator('body').textContent()).not.toContain(member.note);
    expect(await memberPage.content()).not.toContain(member.note);
    const received = await answers.bodies();
    expect(received.some(({ body }) => body.includes(member.answer))).toBe(true);
    expect(received.filter(({ body }) => body.includes(member.note)).map(({ url }) => url)).toEqual([]);
    const toMember = (await sentMails()).filter((mail) => mail.to.includes(member.email));
    expect(toMember.length).toBeGreaterThanOrEqual(2);
    for (const mail of toMember) {
      expect(mail.text).not.toContain(member.note);
      expect(mail.html).not.toContain(member.note);
    }
    await expectAccessible(memberPage);
    await screenshot(memberPage, `conversation-member-answered-${viewport}`);
  });
});
