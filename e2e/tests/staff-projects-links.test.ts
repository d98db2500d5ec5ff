import { expectAccessible } from '../support/axe';
import { browserForFile, listEntry, run, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { fillLiveSubmitForm, submitPuneTicket } from '../support/intake';
import { seedSession } from '../support/session';

jest.setTimeout(240_000);

const PUNE_PRESIDENT = 'pune.president@helpdesk.demo';
const SAHYADRI = { reraNumber: 'P52100012345', name: 'Sahyadri Heights' };

const { freshPage } = browserForFile();

/** A member nobody has seen before (letters only: the form refuses digits in a name). */
function newMember(viewport: ViewportName, topic: string) {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const name = `Word ${letters.join('')}`;
  return {
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    description: `${topic} (${viewport}-${letters.join('')}).`,
    reraNumber: SAHYADRI.reraNumber,
  };
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('projects and links at %s width', (viewport) => {
  test('a member picks the project from the typeahead; the city president links a duplicate, opens the project page and its list, and resolves both at once; both members see it', async () => {
    // 0. The first member on the live form: the project picked from the typeahead.
    const firstMember = newMember(viewport, 'The lift of tower B stops between floors');
    const memberPage = await freshPage(viewport);
    await fillLiveSubmitForm(memberPage, firstMember);
    const projectBox = memberPage.getByRole('combobox', { name: 'Project' });
    await projectBox.fill('sahyadri');
    const option = memberPage
      .getByRole('listbox', { name: 'Project' })
      .getByRole('option', { name: new RegExp(`^${SAHYADRI.name}\\s*${SAHYADRI.reraNumber}`) });
    await option.waitFor();
    await expectAccessible(memberPage);
    await screenshot(memberPage, `intake-project-typeahead-${viewport}`);
    await option.click();
    expect(await projectBox.inputValue()).toBe(`${SAHYADRI.name} (${SAHYADRI.reraNumber})`);
    await memberPage.getByRole('button', { name: 'Submit Ticket' }).click();
    await memberPage.waitForURL(/\/ticket-detail\/\d+#key=[A-Za-z0-9_-]{43}$/);
    const first = {
      id: Number(/\/ticket-detail\/(\d+)#/.exec(memberPage.url())?.[1]),
      shareUrl: new URL(memberPage.url()).pathname + new URL(memberPage.url()).hash,
    };
    await memberPage.getByText(`Project: ${SAHYADRI.name} (RERA ${SAHYADRI.reraNumber})`).waitFor();
    const second = await submitPuneTicket(newMember(viewport, 'Lift in tower B stuck again'));
    const { projects } = (await (
      await fetch(`${run().baseUrl}/api/projects?q=${SAHYADRI.reraNumber}`)
    ).json()) as { projects: { id: number; name: string }[] };
    const project = projects.find((row) => row.name === SAHYADRI.name);
    if (!project) throw new Error('The demo register has no Sahyadri Heights');

    // 1. The second ticket's dialog: its project, then a link to the first as its duplicate.
    const page = await freshPage(viewport);
    await seedSession(page, PUNE_PRESIDENT);
    await page.goto(`/dashboard?ticket=${second.id}`);
    const dialog = page.getByRole('dialog', { name: `Ticket Details - #CREDAI-${second.id}` });
    const projectLink = dialog.getByRole('link', { name: SAHYADRI.name, exact: true });
    await projectLink.waitFor();
    await dialog.getByText(`(RERA ${SAHYADRI.reraNumber})`).waitFor();
    await dialog.getByText('This ticket is not linked to any other.').waitFor();
    // Related first, and unlinked; then a duplicate of the first.
    await dialog.getByLabel('Ticket number').fill(`CREDAI-${first.id}`);
    await dialog.getByLabel('Link as').selectOption({ label: 'Related to that ticket' });
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await dialog.getByText(`Related to CREDAI-${first.id}`, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: `Unlink CREDAI-${first.id}` }).click();
    await dialog.getByText('This ticket is not linked to any other.').waitFor();
    await dialog.getByLabel('Ticket number').fill(`CREDAI-${first.id}`);
    await dialog.getByLabel('Link as').selectOption({ label: 'A duplicate of that ticket' });
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    const links = dialog.getByRole('list', { name: 'Links' });
    await links.getByText(`Duplicate of CREDAI-${first.id}`, { exact: true }).waitFor();
    // The related link's toast may still show above this one.
    await page.getByText(`This ticket is now linked to CREDAI-${first.id}.`).last().waitFor();
    await expectAccessible(page);
    await screenshot(page, `staff-links-dialog-${viewport}`);

    // 2. The project's name opens its page: its counts include both tickets, both open.
    await projectLink.click();
    await page.getByRole('heading', { level: 1, name: SAHYADRI.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${project.id}`);
    await page.getByRole('table', { name: 'Tickets by status' }).waitFor();
    const openFigure = page
      .getByRole('term')
      .filter({ hasText: /^Open$/ })
      .locator('xpath=following-sibling::dd');
    const open = Number(((await openFigure.textContent()) ?? '').trim().replace(/,/g, ''));
    expect(open).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    await screenshot(page, `staff-project-page-${viewport}`);

    // 3. The list filtered to the project: both tickets, the picker naming the project.
    await page.getByRole('link', { name: "Show the project's tickets in the list" }).click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard' && url.searchParams.get('project') === String(project.id),
    );
    await listEntry(page, viewport, second.id).waitFor();
    await listEntry(page, viewport, first.id).waitFor();
    expect(await page.getByRole('combobox', { name: 'Filter by project' }).inputValue()).toBe(
      `${SAHYADRI.name} (${SAHYADRI.reraNumber})`,
    );
    await expectAccessible(page);
    await screenshot(page, `staff-project-list-${viewport}`);

    // 4. The first ticket's dialog shows the link the other way; Resolve takes its duplicate along.
    await page.goto(`/dashboard?project=${project.id}&ticket=${first.id}`);
    const firstDialog = page.getByRole('dialog', { name: `Ticket Details - #CREDAI-${first.id}` });
    await firstDialog
      .getByRole('list', { name: 'Links' })
      .getByText(`CREDAI-${second.id} is a duplicate of this ticket`, { exact: true })
      .waitFor();
    await firstDialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Resolve Ticket' });
    const outcome = `The lift contractor replaced the door sensors of tower B (${viewport}).`;
    await confirm.getByLabel('Resolution Reason').fill(outcome);
    await confirm.getByRole('checkbox', { name: 'Also apply to its 1 duplicate at the same stage' }).check();
    await expectAccessible(page);
    await screenshot(page, `staff-resolve-group-${viewport}`);
    await confirm.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page
      .getByText(
        'Ticket has been marked as resolved! The same step was taken on its duplicates at the same stage.',
      )
      .waitFor();

    // 5. Each member's page: the outcome, the number of similar complaints, nothing of the other.
    const secondPage = await freshPage(viewport);
    await memberPage.reload();
    await secondPage.goto(second.shareUrl);
    for (const [reader, other] of [
      [memberPage, second],
      [secondPage, first],
    ] as const) {
      await reader.getByText('Resolution Method', { exact: true }).first().waitFor();
      await reader.getByText(outcome, { exact: true }).first().waitFor();
      await reader.getByText('Linked with 1 similar complaint', { exact: true }).waitFor();
      const text = (await reader.locator('body').textContent()) ?? '';
      expect(text).not.toContain(`CREDAI-${other.id}`);
    }
    const secondText = (await secondPage.locator('body').textContent()) ?? '';
    expect(secondText).not.toContain(firstMember.name);
    expect(secondText).not.toContain(firstMember.email);
    await expectAccessible(secondPage);
    await screenshot(secondPage, `member-group-outcome-${viewport}`);
  });
});
