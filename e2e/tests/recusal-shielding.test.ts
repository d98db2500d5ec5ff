/**
 * Recusal and a shielded identity in Chromium behind nginx, at 1280 px and 390 px (issue 32, done
 * when 3; ADR 0048, ADR 0049): the Pune city president declares a firm on /profile; a member
 * submits a Pune ticket against that firm on the live form and keeps their identity from the
 * chapter; the city president never sees it (not by its number, its words or its link); the
 * association president finds it in their list by the member's name, sees who the member is, and
 * approves it in the city president's place; the member's private link follows it as usual and
 * says it is handled by another office bearer. axe-core finds no serious or critical violation on
 * any of these screens, and nothing is wider than the window. One browser context per actor.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import {
  clientNavigate,
  launchBrowser,
  listEntry,
  newPage,
  screenshot,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser';
import { seedSession } from '../support/session';

// Three actors' browsers per width, six screens checked with axe, on a loaded machine.
jest.setTimeout(180_000);

const PUNE_PRESIDENT = 'pune.president@helpdesk.demo';
const CREDAI_PRESIDENT = 'president@helpdesk.demo';
const SUBMITTED = 'Your ticket has been submitted successfully!';
// The list's footer: the first page of a list has arrived.
const FOOTER = /^Showing [\d,]+ to [\d,]+ of [\d,]+ entries$/;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** A page in a browser context of its own (one per actor), signed in as `email` when given. */
async function actor(viewport: ViewportName, email?: string): Promise<Page> {
  const { context, page } = await newPage(browser, viewport);
  contexts.push(context);
  if (email) await seedSession(page, email);
  return page;
}

/** Letters only (the form refuses digits in a name), different in every run and width. */
function stamp(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Types a search and returns the ids of the list's answer to it (not the previous search's). */
async function search(page: Page, text: string): Promise<number[]> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.startsWith('/api/tickets/') && url.searchParams.get('q') === text;
  });
  await page.getByRole('searchbox', { name: 'Search by name or title' }).fill(text);
  const { tickets } = (await (await answered).json()) as { tickets: { id: number }[] };
  return tickets.map((ticket) => ticket.id);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])(
  'recusal and a shielded identity at %s width',
  (viewport) => {
    test('a shielded ticket against the city president’s firm goes to the association president; the member follows it', async () => {
      const run = stamp();
      const firm = `Zephyr Buildcon ${viewport} ${run}`;
      const member = {
        name: `Shield ${run}`,
        email: `shield.${viewport}.${run}@example.com`,
        mobile: '9876543210',
        description: `The builder kept the parking fee and gave no receipt (${viewport}-${run}).`,
      };
      const approval = `Genuine; the convenor will call the builder (${run}).`;

      // The association president's dashboard and the member's form load while the city president
      // declares the firm: nothing is submitted before the declaration is saved.
      const presidentReady = (async () => {
        const page = await actor(viewport, CREDAI_PRESIDENT);
        await page.goto('/dashboard');
        await page.getByText(FOOTER).waitFor();
        return page;
      })();
      const memberReady = (async () => {
        const page = await actor(viewport);
        await page.goto('/add-ticket');
        await page.getByRole('option', { name: 'Pune', exact: true }).waitFor({ state: 'attached' });
        return page;
      })();

      // 1. The Pune city president declares the firm on /profile.
      const cityPage = await actor(viewport, PUNE_PRESIDENT);
      await cityPage.goto('/profile');
      const interests = cityPage.getByRole('region', { name: 'Declared interests', exact: true });
      // The list is saved whole: Add waits for the declarations so far (none, or the other width's).
      const add = interests.getByRole('button', { name: 'Add a firm or project' });
      await interests
        .getByText('You have declared no interests.')
        .or(interests.getByText(/^Declared on /))
        .first()
        .waitFor();
      expect(await add.isEnabled()).toBe(true);
      await add.click();
      const names = interests.getByRole('textbox', { name: 'Name', exact: true });
      await names.last().fill(firm);
      await interests.getByRole('button', { name: 'Save interests' }).click();
      await interests.getByRole('status').getByText('Your declared interests are saved.').waitFor();
      // Saved and dated (a new declaration is dated today).
      await interests
        .getByText(/^Declared on /)
        .last()
        .waitFor();
      expect(await names.last().inputValue()).toBe(firm);
      await expectAccessible(cityPage);
      await screenshot(cityPage, `recusal-interests-${viewport}`);

      // 2. The member submits against that firm on the live form, identity kept from the chapter.
      const memberPage = await memberReady;
      await field(memberPage, 'Full Name').fill(member.name);
      await field(memberPage, 'Mobile No').fill(member.mobile);
      await field(memberPage, 'Email').fill(member.email);
      await memberPage.getByRole('combobox', { name: 'City', exact: true }).selectOption({ label: 'Pune' });
      await memberPage.getByRole('combobox', { name: 'Committee', exact: true }).selectOption({ index: 1 });
      await field(memberPage, 'Detailed Description').fill(member.description);
      await field(memberPage, 'Complaint against (firm or person)').fill(firm);
      await memberPage.getByRole('checkbox', { name: 'Keep my identity from the chapter' }).check();
      await expectAccessible(memberPage);
      await screenshot(memberPage, `recusal-submit-${viewport}`);
      await memberPage.getByRole('button', { name: 'Submit Ticket' }).click();
      await memberPage.getByText(SUBMITTED).waitFor();
      await memberPage.waitForURL(/\/ticket-detail\/\d+#key=[A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
      const ticketId = Number(/\/ticket-detail\/(\d+)#/.exec(memberPage.url())?.[1]);
      await memberPage.getByText(`Ticket ID: CREDAI-${ticketId}`).waitFor();
      await memberPage.getByText('Handled by another office bearer', { exact: true }).waitFor();

      // 3. The city president (as a link in the app leads there): not in the list, not by its
      // words, its number or the member's name, and its link does not open it. Meanwhile (4.) the
      // association president finds it in their list by the member's name, sees the member's
      // identity and the firm, and approves it in the city president's place.
      const cityNeverSees = async () => {
        await clientNavigate(cityPage, '/dashboard');
        await cityPage.getByText(FOOTER).waitFor();
        expect(await listEntry(cityPage, viewport, ticketId).count()).toBe(0);
        for (const words of [`${viewport}-${run}`, `CREDAI-${ticketId}`, member.name]) {
          expect(await search(cityPage, words)).toEqual([]);
          await cityPage.getByText('No tickets found.', { exact: true }).waitFor();
        }
        await expectAccessible(cityPage);
        await clientNavigate(cityPage, `/dashboard?ticket=${ticketId}`);
        const refused = cityPage.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
        await refused.getByText(/^This ticket could not be opened: /).waitFor();
        expect(await refused.getByText(member.description).count()).toBe(0);
        await expectAccessible(cityPage);
        await cityPage.keyboard.press('Escape');
        await refused.waitFor({ state: 'detached' });
      };
      const presidentApproves = async () => {
        const page = await presidentReady;
        expect(await search(page, member.name)).toContain(ticketId);
        const entry = listEntry(page, viewport, ticketId);
        await entry.getByText('Pending', { exact: true }).first().waitFor();
        await expectAccessible(page);
        await screenshot(page, `recusal-president-list-${viewport}`);
        await entry
          .getByRole(
            'button',
            viewport === 'mobile' ? { name: 'View Details' } : { name: `View ticket CREDAI-${ticketId}` },
          )
          .click();
        const dialog = page.getByRole('dialog', { name: `Ticket Details - #CREDAI-${ticketId}` });
        await dialog.getByText(/Loading the latest version/).waitFor({ state: 'detached' });
        await dialog.getByText(member.name).first().waitFor();
        await dialog.getByText(member.email, { exact: true }).first().waitFor();
        await dialog.getByText(member.mobile, { exact: true }).first().waitFor();
        await dialog.getByText('Identity kept from the chapter', { exact: true }).first().waitFor();
        await dialog.getByText(firm, { exact: true }).first().waitFor();
        await expectAccessible(page);
        await screenshot(page, `recusal-president-details-${viewport}`);
        await dialog.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Approve' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm Approval' });
        await confirm.getByRole('textbox', { name: 'Comment (optional)' }).fill(approval);
        await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
        await page.getByText('Ticket has been approved successfully!', { exact: true }).waitFor();
        await dialog.waitFor({ state: 'detached' });
        await entry.getByText('Approved', { exact: true }).first().waitFor();
      };
      await Promise.all([cityNeverSees(), presidentApproves()]);

      // 5. The member's private link: on to the convenor as any approved ticket, the approval's
      // words in its messages, still handled by another office bearer. And (6.) the city president
      // still does not find it now that it is the convenor's.
      const memberFollows = async () => {
        await memberPage.reload();
        await memberPage
          .getByRole('progressbar', { name: 'Ticket progress' })
          .and(memberPage.locator('[aria-valuenow="50"]'))
          .waitFor();
        await memberPage
          .getByText('Your ticket is currently being handled by Convenor.', { exact: true })
          .waitFor();
        await memberPage.getByText('Handled by another office bearer', { exact: true }).waitFor();
        await memberPage.getByText(approval).first().waitFor();
        await memberPage.getByText(member.name, { exact: true }).first().waitFor();
        await expectAccessible(memberPage);
        await screenshot(memberPage, `recusal-member-${viewport}`);
      };
      const cityStillNot = async () => {
        expect(await search(cityPage, `#${ticketId}`)).toEqual([]);
        await cityPage.getByText('No tickets found.', { exact: true }).waitFor();
      };
      await Promise.all([memberFollows(), cityStillNot()]);
    });
  },
);
