import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { run } from './browser';

/** Who submits a ticket. */
export interface FormMember {
  name: string;
  email: string;
  description: string;
  /** A RERA project's number, typed into the form's plain project field (ADR 0055). */
  reraNumber?: string;
  /** The page's language when it was sent (en, hi, mr): the member's messages are written in it. */
  language?: string;
}

export interface Submitted {
  id: number;
  /** `/ticket-detail/{id}#key={secret}`: the member's private page, as the form opens it. */
  shareUrl: string;
}

/**
 * Submits a Pune ticket (its first committee) as the public form does: the same multipart POST,
 * fields and idempotency key. The form itself, in a browser at both widths, with and without
 * scripts, before and after it is live, is proved by the intake tests; the tests that only need
 * a ticket to work on post it here instead of loading /add-ticket in a browser each time.
 */
export async function submitPuneTicket(member: FormMember): Promise<Submitted> {
  const { baseUrl } = run();
  const cities = (await (await fetch(`${baseUrl}/api/cities/getAllCities`)).json()) as {
    cities: { id: number; name: string }[];
  };
  const pune = cities.cities.find((city) => city.name === 'Pune');
  if (!pune) throw new Error('The demo data has no city Pune');
  const { committees } = (await (
    await fetch(`${baseUrl}/api/committees/getAllCommittees?cityId=${pune.id}`)
  ).json()) as { committees: { id: number; name: string }[] };
  if (!committees[0]) throw new Error('Pune runs no committee');

  const form = new FormData();
  form.append('fullName', member.name);
  form.append('mobile', '9876501234');
  form.append('email', member.email);
  form.append('cityId', String(pune.id));
  form.append('city', pune.name);
  form.append('committeeId', String(committees[0].id));
  form.append('committee', committees[0].name);
  form.append('description', member.description);
  if (member.reraNumber) form.append('reraNumber', member.reraNumber);
  if (member.language) form.append('language', member.language);
  const response = await fetch(`${baseUrl}/api/tickets/submit`, {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: form,
  });
  if (!response.ok)
    throw new Error(`Submitting a ticket answered ${response.status}: ${await response.text()}`);
  const { ticketId, shareUrl } = (await response.json()) as { ticketId: number; shareUrl: string };
  return { id: ticketId, shareUrl };
}

/**
 * Fills /add-ticket in the browser as a visitor does, once the live form has taken over from the
 * prerendered frame (the project typeahead needs the live form): the member's fields, Pune and
 * its first committee once the City President is looked up, and the description. The caller then
 * names a project or not, and submits.
 */
export async function fillLiveSubmitForm(
  page: Page,
  member: Pick<FormMember, 'name' | 'email' | 'description'>,
): Promise<void> {
  await page.goto('/add-ticket');
  await page.locator('#prerendered').waitFor({ state: 'detached' });
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await page.getByRole('option', { name: 'Pune', exact: true }).waitFor({ state: 'attached' });
  await field('Full Name').fill(member.name);
  await field('Mobile No').fill('9876501234');
  await field('Email').fill(member.email);
  await page.getByRole('combobox', { name: 'City', exact: true }).selectOption({ label: 'Pune' });
  await page.getByRole('combobox', { name: 'Committee', exact: true }).selectOption({ index: 1 });
  await page.waitForFunction(() => {
    const president = document.querySelector<HTMLInputElement>('input[name="cityPresident"]');
    return Boolean(president?.value) && president?.value !== 'Loading...';
  });
  await field('Detailed Description').fill(member.description);
}
