/**
 * The member's language (issue 20): the submit carries the language the form was read in, the
 * ticket keeps it, and the member's messages about it are written in it (the outbox row's locale,
 * rendered by the api's catalogue); staff messages stay in English. On PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { tickets } from '../src/db/schema';
import { renderEmail } from '../src/services/outbox/templates';
import { outboxRows } from './support/outbox';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

describe.each(databaseKinds)("the member's language on %s", (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  let president: string;

  beforeAll(async () => {
    app = await buildDemoApp(database(), { OUTBOX_WORKER: 'false' });
    await app.ready();
    refs = await demoRefs(app);
    president = await tokenFor(app, 'pune.president@helpdesk.demo');
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  async function submitted(overrides: Record<string, string>) {
    const fields = submitFields(refs, overrides);
    const response = await submit(app, fields);
    expect(response.statusCode).toBe(201);
    return { fields, ticketId: (response.json() as { ticketId: number }).ticketId };
  }

  const language = async (ticketId: number) =>
    (await app.db.select({ language: tickets.language }).from(tickets).where(eq(tickets.id, ticketId)))[0]
      ?.language;

  it('मराठी: kept with the ticket; the confirmation and a status change reach the member in Marathi, staff in English', async () => {
    const { fields, ticketId } = await submitted({ language: 'mr' });
    expect(await language(ticketId)).toBe('mr');
    const approved = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}/status`,
      headers: bearer(president),
      payload: { status: 'approved', comment: 'Passed on to the convenor' },
    });
    expect(approved.statusCode).toBe(200);

    const rows = (await outboxRows(app)).filter(
      (row) => row.ticketId === ticketId && row.channel === 'email',
    );
    const toMember = rows.filter((row) => row.recipient === fields.email);
    expect(toMember.map((row) => [row.template, row.locale])).toEqual([
      ['ticketSubmittedMember', 'mr'],
      ['ticketStatusChanged', 'mr'],
    ]);
    const toStaff = rows.filter((row) => row.recipient !== fields.email);
    expect(toStaff.length).toBeGreaterThan(0);
    expect(toStaff.every((row) => row.locale === 'en')).toBe(true);

    const [confirmation, change] = toMember.map((row) =>
      renderEmail(
        row.template,
        row.locale,
        row.params as Record<string, unknown>,
        'https://helpdesk.example',
      ),
    );
    expect(confirmation?.subject).toBe(`तुमचे तिकीट #${ticketId} आम्हाला मिळाले`);
    expect(confirmation?.html).toContain('<html lang="mr">');
    expect(change?.subject).toBe(`तुमचे तिकीट #${ticketId} आता मंजूर आहे`);
  });

  it.each([
    ['absent', undefined],
    ['unknown', 'fr'],
  ])('a language %s is English, never a refusal', async (_case, value) => {
    const { ticketId } = await submitted(value === undefined ? {} : { language: value });
    expect(await language(ticketId)).toBe('en');
  });
});
