/**
 * The desk tools in Chromium behind nginx, at 1280 px and 390 px (issue 39, ADR 0065, ADR 0066): the
 * Pune city president keeps a canned answer; a convenor opens a Marathi member's ticket, inserts
 * the answer into a reply (in Marathi, filled for the ticket), edits it and sends it. The city
 * president files a walk-in complaint for a member with a scanned PDF letter; the member's
 * confirmation email arrives with their links; the report counts the complaint under "Walk-in".
 * axe-core finds no serious or critical violation on the reply box, the canned answers screen and
 * the filing screen, and nothing is wider than the window.
 */
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { browserForFile, clientNavigate, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { submitPuneTicket } from '../support/intake';
import { linkTo, waitForMail } from '../support/mail';
import { seedSession } from '../support/session';

jest.setTimeout(240_000);

const PUNE_PRESIDENT = 'pune.president@helpdesk.demo';
const PUNE_CONVENOR = 'pune.convenor@helpdesk.demo';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const harness = browserForFile();

async function freshPage(viewport: ViewportName, email: string): Promise<Page> {
  const page = await harness.freshPage(viewport);
  await seedSession(page, email);
  return page;
}

/** Letters only (the form refuses digits in a name), new on every run. */
const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The cells of a report table's rows, as the page shows them (the header row first). */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('region', { name: `Table: ${name}`, exact: true })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('desk tools at %s width', (viewport) => {
  test('the city president keeps a canned answer; a convenor inserts it in Marathi into a reply, edits it and sends it', async () => {
    const tag = letters();
    const president = await freshPage(viewport, PUNE_PRESIDENT);
    await president.goto('/canned-responses');
    await president.getByRole('heading', { name: 'Canned answers', level: 1 }).waitFor();
    await president.getByRole('button', { name: 'Add canned answer' }).click();
    const form = president.getByRole('dialog', { name: 'Add canned answer' });
    await form.getByLabel('Title (English)').fill(`Documents needed ${tag}`);
    await form
      .getByLabel('Text (English)')
      .fill('Dear {memberName}, for {ticketNumber} please bring the sale deed.');
    await form.getByLabel('Title (Hindi)').fill(`ज़रूरी दस्तावेज़ ${tag}`);
    await form
      .getByLabel('Text (Hindi)')
      .fill('प्रिय {memberName}, {ticketNumber} के लिए कृपया विक्रय विलेख लाएँ।');
    await form.getByLabel('Title (Marathi)').fill(`आवश्यक कागदपत्रे ${tag}`);
    await form
      .getByLabel('Text (Marathi)')
      .fill('प्रिय {memberName}, {ticketNumber} साठी कृपया खरेदीखत आणा. — {officeBearer}');
    await form.getByRole('button', { name: 'Save' }).click();
    await president.getByText('Canned answer saved.').waitFor();
    const card = president.getByRole('listitem').filter({ hasText: `Documents needed ${tag}` });
    await card.getByText('Pune', { exact: true }).waitFor();
    await expectAccessible(president);
    await screenshot(president, `desk-tools-canned-${viewport}`);

    // A Marathi member's ticket, opened by the convenor from its link.
    const member = `Sunita ${letters()}`;
    const ticket = await submitPuneTicket({
      name: member,
      email: `${member.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      description: `घराचा ताबा अजून मिळालेला नाही (${viewport}-${tag}).`,
      language: 'mr',
    });
    const convenor = await freshPage(viewport, PUNE_CONVENOR);
    await convenor.goto(`/dashboard?ticket=${ticket.id}`);
    const dialog = convenor.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticket.id}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reply to member' }).click();
    await dialog.getByRole('combobox', { name: 'Insert a canned answer' }).click();
    await dialog.getByRole('combobox', { name: 'Insert a canned answer' }).fill(tag);
    await convenor.getByRole('option', { name: `आवश्यक कागदपत्रे ${tag}`, exact: true }).click();
    const box = dialog.getByRole('textbox', { name: /^Reply to the member/ });
    const inserted = await box.inputValue();
    expect(inserted).toMatch(
      new RegExp(`^प्रिय ${member}, CREDAI-${ticket.id} साठी कृपया खरेदीखत आणा\\. — \\S.+$`),
    );
    // Edited before it is sent.
    await box.fill(`${inserted}\nधन्यवाद.`);
    await expectAccessible(convenor);
    await screenshot(convenor, `desk-tools-reply-${viewport}`);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await convenor.getByText('Your reply has been sent to the member.').waitFor();
    await dialog.getByRole('listitem').filter({ hasText: 'धन्यवाद.' }).filter({ hasText: member }).waitFor();

    // Counted once, on the president's screen.
    await president.reload();
    await president
      .getByRole('listitem')
      .filter({ hasText: `Documents needed ${tag}` })
      .getByText('Used in 1 reply')
      .waitFor();
  });

  test('the city president files a walk-in complaint with a scanned letter; the member is emailed; the report counts it under Walk-in', async () => {
    const tag = letters();
    const member = { name: `Kamala ${tag}`, email: `kamala.${tag}@example.com` };
    const page = await freshPage(viewport, PUNE_PRESIDENT);
    await page.goto('/file-complaint');
    await page.getByRole('heading', { name: 'File a complaint for a member', level: 1 }).waitFor();

    await choose(page, 'How did the member reach you?', 'Walk-in');
    await page.getByRole('textbox', { name: 'Full Name' }).fill(member.name);
    await page.getByRole('textbox', { name: 'Mobile No' }).fill('9876512345');
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await choose(page, 'City', 'Pune');
    await page.getByRole('combobox', { name: 'Committee', exact: true }).click();
    // The first committee Pune runs (the other lists' options stay in the page, hidden).
    await page.locator('[role="option"]:visible').first().click();
    await page
      .getByRole('textbox', { name: 'Detailed Description' })
      .fill(`The member brought a letter: the builder has not given the occupancy certificate (${tag}).`);
    await page
      .getByLabel('Scanned letter or document (optional)')
      .setInputFiles({ name: 'letter-scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'File complaint' }).click();
    const filed = page.getByRole('status').filter({ hasText: /Complaint CREDAI-\d+ filed/ });
    await filed.waitFor();
    const ticketId = Number(/CREDAI-(\d+)/.exec((await filed.textContent()) ?? '')?.[1]);
    expect(ticketId).toBeGreaterThan(0);
    await screenshot(page, `desk-tools-filed-${viewport}`);

    // The member's confirmation, with the private links a public submit sends.
    const confirmation = await waitForMail(member.email, (mail) => mail.subject.includes(`#${ticketId}`));
    expect(linkTo(confirmation, `/ticket-detail/${ticketId}`)).toContain('#key=');
    expect(linkTo(confirmation, '/tickets/')).toContain('#key=');

    // The ticket's history says who filed it and how; the letter is its attachment.
    await page.getByRole('link', { name: `Open CREDAI-${ticketId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
    await dialog.getByText('Filed for the member by the City President (Walk-in)').waitFor();
    await dialog.getByText('letter-scan.pdf').first().waitFor();

    // The chapter's report counts it under Walk-in.
    await clientNavigate(page, '/reports');
    const channels = 'Tickets by how they reached us';
    await page.getByRole('region', { name: `Table: ${channels}`, exact: true }).waitFor();
    const rows = await tableRows(page, channels);
    const walkIn = rows.find((row) => row[0] === 'Walk-in');
    expect(Number(walkIn?.[1]?.replace(/\D/g, '') ?? 0)).toBeGreaterThanOrEqual(1);
  });
});
