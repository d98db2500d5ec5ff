import { expectAccessible } from '../support/axe';
import { browserForFile, listEntry, run, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { submitPuneTicket } from '../support/intake';
import { linkTo, waitForMail } from '../support/mail';
import { seedSession } from '../support/session';

// Five browsers per width and emails that wait for the outbox's worker, on a loaded machine.
jest.setTimeout(300_000);

const PUNE_PRESIDENT = 'pune.president@helpdesk.demo';
const MUMBAI_PRESIDENT = 'mumbai.president@helpdesk.demo';
const CREDAI_PRESIDENT = 'president@helpdesk.demo';

const { freshPage } = browserForFile();

const api = (path: string) => `${run().baseUrl}/api${path}`;

async function tokenOf(email: string): Promise<string> {
  const response = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD || 'Demo@12345' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(api(path), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A member nobody has seen before (letters only: the form refuses digits in a name). */
function newMember(viewport: ViewportName, topic: string) {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const name = `Word ${letters.join('')}`;
  const stamp = `${viewport}-${letters.join('')}`;
  return {
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    description: `${topic} (${stamp}).`,
    stamp,
  };
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the last word at %s width', (viewport) => {
  test('the member rates 2 and appeals; the Credai President sends it back; the city president reads the appeal', async () => {
    const member = newMember(viewport, 'The builder has not fixed the seepage in the basement parking');
    const ticketId = (await submitPuneTicket(member)).id;
    const appealText = `Only the wall was painted; the seepage is back after one rain (${member.stamp}).`;
    const remandText = `Visit the basement with the builder and report the cause (${member.stamp}).`;

    // The chapter resolves it (through the city president's own call, as the dialog would).
    const pune = await tokenOf(PUNE_PRESIDENT);
    const { ticket } = await call<{ ticket: { version: number } }>('GET', `/tickets/${ticketId}`, pune);
    await call('POST', `/tickets/citypresident/${ticketId}/citypresidentaction`, pune, {
      action: 'resolve',
      comment: `Builder repaired the wall (${member.stamp}).`,
      version: ticket.version,
      user: { role: 'citypresident' },
    });

    // 1. The member, from the rating request's link (a signed key of this one ticket) in a fresh
    // browser: 2 stars, then the appeal.
    const ratingRequest = await waitForMail(
      member.email,
      (mail) => mail.subject === `How was the outcome of your ticket #${ticketId}?`,
    );
    const memberLink = linkTo(ratingRequest, `/ticket-detail/${ticketId}`);
    expect(new URL(memberLink).hash).toMatch(/^#key=o\./);
    const memberPage = await freshPage(viewport);
    await memberPage.goto(memberLink);
    const rate = memberPage.getByRole('region', { name: 'Rate the outcome', exact: true });
    await rate.getByRole('radiogroup', { name: 'Your rating' }).waitFor();
    await expectAccessible(memberPage);
    await screenshot(memberPage, `last-word-rate-${viewport}`);
    // A click on the second star, as a finger or a mouse does: the star is the radio's label.
    const twoStars = await rate.getByRole('radio', { name: '2 stars: poor', exact: true }).getAttribute('id');
    await rate.locator(`label[for="${twoStars}"]`).click();
    await rate.getByRole('textbox', { name: 'Comment (optional)' }).fill('Nobody called me back.');
    await rate.getByRole('button', { name: 'Submit rating' }).click();
    await rate.getByRole('img', { name: 'You rated the outcome 2 of 5' }).waitFor();
    const timeline = memberPage.getByRole('list', { name: 'Messages about this ticket' });
    await timeline.getByText(/Rated 2 of 5 by the member/).waitFor();

    const appeal = memberPage.getByRole('region', {
      name: 'Appeal to the association president',
      exact: true,
    });
    await appeal.getByRole('button', { name: 'Appeal', exact: true }).click();
    await appeal.getByRole('textbox', { name: /^Your appeal/ }).fill(appealText);
    await appeal.getByRole('button', { name: 'Send appeal' }).click();
    await memberPage.getByText('Your appeal has been filed.').waitFor();
    const status = memberPage.getByRole('region', { name: 'Your appeal', exact: true });
    await status.getByText('Awaiting decision', { exact: true }).waitFor();
    await status.getByText(appealText).waitFor();
    await timeline.getByText(appealText, { exact: false }).first().waitFor();
    await expectAccessible(memberPage);
    await screenshot(memberPage, `last-word-appealed-${viewport}`);

    // 2. The Credai President: the Appeals list on the dashboard, Send back to the chapter.
    const presidentPage = await freshPage(viewport);
    await seedSession(presidentPage, CREDAI_PRESIDENT);
    await presidentPage.goto('/dashboard');
    const appeals = presidentPage.getByRole('region', { name: 'Appeals', exact: true });
    const card = appeals.getByRole('listitem', { name: `Appeal on CREDAI-${ticketId}`, exact: true });
    await card.getByText(appealText).waitFor();
    await card.getByText('City: Pune', { exact: true }).waitFor();
    await card.getByText(`Member: ${member.name}`, { exact: true }).waitFor();
    await card.getByText(/^Due in \d+ (day|days)$/).waitFor();
    await expectAccessible(presidentPage);
    await screenshot(presidentPage, `last-word-appeals-${viewport}`);
    await card.getByRole('button', { name: 'Decide', exact: true }).click();
    const decision = presidentPage.getByRole('dialog', { name: `Decide the appeal on CREDAI-${ticketId}` });
    await decision.getByRole('radio', { name: /^Send back to the chapter/ }).check();
    await decision.getByRole('textbox', { name: /^Reasons/ }).fill(remandText);
    await expectAccessible(presidentPage);
    await decision.getByRole('button', { name: 'Record decision' }).click();
    await presidentPage.getByText(`CREDAI-${ticketId} is sent back to the chapter.`).waitFor();
    await card.waitFor({ state: 'detached' });

    // 3. The Pune city president: the ticket, with the member's appeal and the president's reasons.
    const cityPage = await freshPage(viewport);
    await seedSession(cityPage, PUNE_PRESIDENT);
    await cityPage.goto(`/dashboard?ticket=${ticketId}`);
    const dialog = cityPage.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
    await dialog.getByText('Sent back by the Credai President', { exact: true }).waitFor();
    await dialog.getByText(appealText).first().waitFor();
    await dialog.getByText(remandText).first().waitFor();
    // The rating was of the outcome the appeal overturned: it stays in the history.
    await dialog
      .getByText(/Rated 2 of 5 by the member/)
      .first()
      .waitFor();
    await expectAccessible(cityPage);
    await screenshot(cityPage, `last-word-remanded-${viewport}`);

    // 4. The member's page: the decision and its reasons, every step in the timeline.
    await memberPage.reload();
    await status.getByText('Sent back to the chapter', { exact: true }).waitFor();
    await status.getByText(remandText).waitFor();
    await timeline.getByText(remandText, { exact: false }).first().waitFor();
    await timeline.getByText(/Rated 2 of 5 by the member/).waitFor();
    await expectAccessible(memberPage);
    await screenshot(memberPage, `last-word-member-remanded-${viewport}`);
  });

  test("the Pune city president transfers a ticket to Mumbai instead of rejecting it; it leaves Pune's list for Mumbai's", async () => {
    const member = newMember(viewport, 'The Thane project has not registered the sale deed');
    const ticketId = (await submitPuneTicket(member)).id;
    const reason = `The project is in the Mumbai chapter's area (${member.stamp}).`;

    const punePage = await freshPage(viewport);
    await seedSession(punePage, PUNE_PRESIDENT);
    await punePage.goto('/dashboard');
    await listEntry(punePage, viewport, ticketId).waitFor();
    await punePage.goto(`/dashboard?ticket=${ticketId}`);
    const dialog = punePage.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    const confirm = punePage.getByRole('dialog', { name: 'Confirm Rejection' });
    await confirm.getByText('Filed under the wrong city or committee?').waitFor();
    await confirm.getByRole('button', { name: 'Transfer instead' }).click();
    const transfer = punePage.getByRole('dialog', { name: 'Transfer the ticket' });
    await transfer.getByRole('combobox', { name: /^City/ }).selectOption({ label: 'Mumbai' });
    const committee = transfer.getByRole('combobox', { name: /^Committee/ });
    await committee.locator('option').nth(1).waitFor({ state: 'attached' });
    await committee.selectOption({ index: 1 });
    await transfer.getByRole('textbox', { name: /^Reason for the transfer/ }).fill(reason);
    await expectAccessible(punePage);
    await screenshot(punePage, `last-word-transfer-${viewport}`);
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await punePage.getByText('The ticket has been transferred to Mumbai.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await punePage.goto('/dashboard');
    await punePage.getByText(/^Showing \d+ to \d+ of \d+ entries$/).waitFor();
    expect(await listEntry(punePage, viewport, ticketId).count()).toBe(0);

    const mumbaiPage = await freshPage(viewport);
    await seedSession(mumbaiPage, MUMBAI_PRESIDENT);
    await mumbaiPage.goto('/dashboard');
    await listEntry(mumbaiPage, viewport, ticketId).waitFor();
    await mumbaiPage.goto(`/dashboard?ticket=${ticketId}`);
    const moved = mumbaiPage.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
    await moved.getByText(reason, { exact: false }).first().waitFor();
    await expectAccessible(mumbaiPage);
  });
});
