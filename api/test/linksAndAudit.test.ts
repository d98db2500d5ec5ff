/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 *
 * Revocable links and the audit trail (ADR 0031, docs/security.md "Links" and "Audit trail"):
 * staff rotate a ticket's share key and a member's key (the old link stops at once, the member is
 * written to through the outbox); staff reads of contact details, downloads, actions, user changes
 * and rotations are recorded with who and from where; admins list, filter and export the trail;
 * the table refuses changes.
 */
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { auditLog } from '../src/db/schema';
import { csvCell } from '../src/services/audit';
import { ManualClock } from '../src/services/clock';
import { prepareMemberLink } from '../src/services/outbox/memberLinks';
import { openParams } from '../src/services/outbox/sealedParams';
import { VIEW_LINK_SECONDS, ViewLinks } from '../src/services/tickets/viewLinks';
import { outboxRows } from './support/outbox';
import { bearer, buildDemoApp, newUser, tokenFor } from './support/session';
import {
  type DemoRefs,
  demoRefs,
  FILES,
  keyOf,
  submit,
  submitFields,
  withMemberLink,
} from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const ADMIN = 'admin@helpdesk.demo';
const PUNE_PRESIDENT = 'pune.president@helpdesk.demo';
const MUMBAI_PRESIDENT = 'mumbai.president@helpdesk.demo';
const STAFF_ADDRESS = '203.0.113.7';
const LINK_ADDRESS = '198.51.100.23';

describe.each(databaseKinds)('revocable links and the audit trail, on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await buildDemoApp(database(), {
      OUTBOX_WORKER: 'false',
      SUBMIT_MAX_PER_IP: '100000',
      LOOKUP_MAX_PER_IP: '100000',
      HELPDESK_DEMO_TICKETS: '0',
    });
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [ADMIN, PUNE_PRESIDENT, MUMBAI_PRESIDENT]) {
      tokens[email] = await tokenFor(app, email);
      const me = await app.inject({ url: '/api/auth/check', headers: bearer(tokens[email] ?? '') });
      ids[email] = me.json().user.id;
    }
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const as = (email: string) => bearer(tokens[email] ?? '');

  async function newTicket(files = false) {
    const response = await submit(
      app,
      submitFields(refs),
      files ? { files: [{ filename: 'plan.pdf', contentType: 'application/pdf', data: FILES.pdf() }] } : {},
    );
    expect(response.statusCode).toBe(201);
    return withMemberLink(app, response.json() as { ticketId: number; userId: number; shareUrl: string });
  }

  const readTicket = (id: number, headers: Record<string, string>, remoteAddress = LINK_ADDRESS) =>
    app.inject({ url: `/api/tickets/${id}`, headers, remoteAddress });

  async function trail(query: string, email = ADMIN) {
    const response = await app.inject({ url: `/api/audit?${query}`, headers: as(email) });
    expect(response.statusCode).toBe(200);
    return response.json() as { entries: Record<string, unknown>[]; total: number };
  }

  describe('share key rotation', () => {
    it('stops the old link at once, answers the new one and emails it to the member', async () => {
      const ticket = await newTicket();
      const oldKey = keyOf(ticket.shareUrl);
      expect((await readTicket(ticket.ticketId, { 'x-access-key': oldKey })).statusCode).toBe(200);

      const rotated = await app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.ticketId}/share-key`,
        headers: as(PUNE_PRESIDENT),
        remoteAddress: STAFF_ADDRESS,
      });
      expect(rotated.statusCode).toBe(200);
      const body = rotated.json() as { shareUrl: string; memberNotified: boolean };
      expect(body.shareUrl).toMatch(new RegExp(`^/ticket-detail/${ticket.ticketId}#key=[A-Za-z0-9_-]{43}$`));
      expect(body.memberNotified).toBe(true);

      const old = await readTicket(ticket.ticketId, { 'x-access-key': oldKey });
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual({ error: 'Ticket not found', details: expect.anything() });
      expect((await readTicket(ticket.ticketId, { 'x-access-key': keyOf(body.shareUrl) })).statusCode).toBe(
        200,
      );
      // The member's own key still opens it: only the share link was replaced.
      expect(
        (await readTicket(ticket.ticketId, { 'x-access-key': keyOf(ticket.memberUrl) })).statusCode,
      ).toBe(200);

      const message = (await outboxRows(app)).find(
        (row) => row.ticketId === ticket.ticketId && row.event === 'ticket.link_rotated',
      );
      expect(message).toMatchObject({
        channel: 'email',
        template: 'shareLinkRotated',
        recipientUserId: ticket.userId,
        status: 'queued',
        // The link is sealed while the row waits (ADR 0052), and opens to the new one.
        params: expect.objectContaining({ shareUrl: expect.stringMatching(/^sealed:v1:/) }),
      });
      expect(openParams(message?.params ?? {}).shareUrl).toBe(body.shareUrl);

      const { entries } = await trail(`action=share_key.rotate&ticket=${ticket.ticketId}`);
      expect(entries).toEqual([
        expect.objectContaining({
          actorUserId: ids[PUNE_PRESIDENT],
          actorRole: 'citypresident',
          actorKey: null,
          clientAddress: STAFF_ADDRESS,
          targetType: 'ticket',
          targetId: ticket.ticketId,
        }),
      ]);
      expect(String(entries[0]?.detail)).toContain(`share:${ticket.ticketId}:`);
      expect(String(entries[0]?.detail)).not.toContain(oldKey);
    });

    it('is refused to staff of another city, to a link holder and to nobody signed in', async () => {
      const ticket = await newTicket();
      const url = `/api/tickets/${ticket.ticketId}/share-key`;
      const other = await app.inject({ method: 'POST', url, headers: as(MUMBAI_PRESIDENT) });
      expect(other.statusCode).toBe(404);
      const byKey = await app.inject({
        method: 'POST',
        url,
        headers: { 'x-access-key': keyOf(ticket.shareUrl) },
      });
      expect(byKey.statusCode).toBe(401);
      const missing = await app.inject({
        method: 'POST',
        url: '/api/tickets/999999/share-key',
        headers: as(ADMIN),
      });
      expect(missing.statusCode).toBe(404);
      // Nothing changed: the link still opens the ticket.
      expect((await readTicket(ticket.ticketId, { 'x-access-key': keyOf(ticket.shareUrl) })).statusCode).toBe(
        200,
      );
    });
  });

  describe('member key rotation', () => {
    it("stops the member's old link at once and emails a new one through the outbox", async () => {
      const ticket = await newTicket();
      const oldKey = keyOf(ticket.memberUrl);
      const list = (key: string) =>
        app.inject({ url: `/api/tickets/user/${ticket.userId}`, headers: { 'x-access-key': key } });
      expect((await list(oldKey)).statusCode).toBe(200);

      const rotated = await app.inject({
        method: 'POST',
        url: `/api/members/${ticket.userId}/key`,
        headers: as(PUNE_PRESIDENT),
        remoteAddress: STAFF_ADDRESS,
      });
      expect(rotated.statusCode).toBe(202);
      expect(rotated.json()).toEqual({ memberNotified: true });
      expect((await list(oldKey)).statusCode).toBe(404);
      expect((await readTicket(ticket.ticketId, { 'x-access-key': oldKey })).statusCode).toBe(404);

      // The email's link is made by the worker just before sending, and it opens the list.
      const row = (await outboxRows(app)).find(
        (message) => message.recipientUserId === ticket.userId && message.event === 'member.link_rotated',
      );
      expect(row).toMatchObject({ template: 'memberLinkRotated', params: {} });
      if (!row) throw new Error('no member.link_rotated row');
      const ready = await prepareMemberLink(app.db, row);
      const memberUrl = String(ready?.params.memberUrl);
      expect(memberUrl).toMatch(new RegExp(`^/tickets/${ticket.userId}#key=`));
      expect((await list(keyOf(memberUrl))).statusCode).toBe(200);

      const { entries } = await trail(`action=member_key.rotate&user=${ticket.userId}`);
      expect(entries).toEqual([
        expect.objectContaining({ actorUserId: ids[PUNE_PRESIDENT], clientAddress: STAFF_ADDRESS }),
      ]);
      expect(String(entries[0]?.detail)).toContain(`member:${ticket.userId}:`);
    });

    it("is refused to staff who may not see the member's tickets, and for a staff account", async () => {
      const ticket = await newTicket();
      const url = `/api/members/${ticket.userId}/key`;
      expect((await app.inject({ method: 'POST', url, headers: as(MUMBAI_PRESIDENT) })).statusCode).toBe(404);
      const staffAccount = await app.inject({
        method: 'POST',
        url: `/api/members/${ids[PUNE_PRESIDENT]}/key`,
        headers: as(ADMIN),
      });
      expect(staffAccount.statusCode).toBe(404);
      expect(
        (
          await app.inject({
            url: `/api/tickets/user/${ticket.userId}`,
            headers: { 'x-access-key': keyOf(ticket.memberUrl) },
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('what the trail records', () => {
    it("records staff reads of contact details and downloads, with who and from where; not a link viewer's read", async () => {
      const ticket = await newTicket(true);
      await readTicket(ticket.ticketId, { 'x-access-key': keyOf(ticket.shareUrl) });
      const staffRead = await readTicket(ticket.ticketId, as(PUNE_PRESIDENT), STAFF_ADDRESS);
      expect(staffRead.statusCode).toBe(200);
      const file = staffRead.json().ticket.attachments[0] as { url: string };
      const download = await app.inject({
        url: file.url,
        headers: { 'x-access-key': keyOf(ticket.shareUrl) },
        remoteAddress: LINK_ADDRESS,
      });
      expect(download.statusCode).toBe(200);
      const memberList = await app.inject({
        url: `/api/tickets/user/${ticket.userId}`,
        headers: as(ADMIN),
        remoteAddress: STAFF_ADDRESS,
      });
      expect(memberList.statusCode).toBe(200);

      const reads = await trail(`ticket=${ticket.ticketId}`);
      expect(reads.entries.map((entry) => entry.action)).toEqual(['file.download', 'ticket.read']);
      expect(reads.entries[1]).toMatchObject({
        actorUserId: ids[PUNE_PRESIDENT],
        actorName: expect.any(String),
        actorKey: null,
        clientAddress: STAFF_ADDRESS,
      });
      expect(reads.entries[0]).toMatchObject({
        actorUserId: null,
        actorKey: expect.stringMatching(new RegExp(`^share:${ticket.ticketId}:[A-Za-z0-9_-]{8}$`)),
        clientAddress: LINK_ADDRESS,
      });
      expect(String(reads.entries[0]?.detail)).toContain('plan.pdf');
      const latest = await app.inject({
        url: `/api/tickets/user/${ticket.userId}/latest`,
        headers: as(PUNE_PRESIDENT),
      });
      expect(latest.statusCode).toBe(200);
      await app.inject({
        url: `/api/tickets/user/${ticket.userId}`,
        headers: { 'x-access-key': keyOf(ticket.memberUrl) },
      });
      const member = await trail(`user=${ticket.userId}&action=member.read`);
      expect(member.entries).toEqual([
        expect.objectContaining({ actorUserId: ids[PUNE_PRESIDENT], detail: '{"latest":true}' }),
        expect.objectContaining({ actorUserId: ids[ADMIN], detail: null }),
      ]);
    });

    it('records actions, replies and user changes (field names, never values)', async () => {
      const ticket = await newTicket();
      const acted = await app.inject({
        method: 'PATCH',
        url: `/api/tickets/${ticket.ticketId}/status`,
        headers: as(PUNE_PRESIDENT),
        payload: { status: 'approved' },
      });
      expect(acted.statusCode).toBe(200);
      const replied = await app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.ticketId}/replies`,
        headers: { 'x-access-key': keyOf(ticket.shareUrl) },
        payload: { text: 'Thank you' },
      });
      expect(replied.statusCode).toBe(201);
      const actions = await trail(`ticket=${ticket.ticketId}`);
      expect(actions.entries.map((entry) => [entry.action, entry.actorUserId])).toEqual([
        ['ticket.reply', null],
        ['ticket.action', ids[PUNE_PRESIDENT]],
      ]);
      expect(actions.entries[0]?.actorKey).toMatch(new RegExp(`^share:${ticket.ticketId}:`));

      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/users/new',
        headers: as(ADMIN),
        payload: newUser(),
      });
      expect(created.statusCode).toBe(201);
      const user = created.json().user;
      const updated = await app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.id}`,
        headers: as(ADMIN),
        payload: { ...newUser({ email: user.email }), mobile: '9000000001', password: 'Another@Pass123' },
      });
      expect(updated.statusCode).toBe(200);
      const changes = await trail(`user=${user.id}`);
      expect(changes.entries.map((entry) => entry.action)).toEqual(['user.update', 'user.create']);
      const detail = String(changes.entries[0]?.detail);
      expect(JSON.parse(detail).changed).toEqual(expect.arrayContaining(['mobile', 'password']));
      expect(detail).not.toContain('9000000001');
      expect(detail).not.toContain('Another@Pass123');
    });
  });

  it('writes the row of an action in its transaction: no row without the change, no change without the row', async () => {
    const ticket = await newTicket();
    const stale = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticket.ticketId}/status`,
      headers: as(PUNE_PRESIDENT),
      payload: { status: 'approved', version: 999 },
    });
    expect(stale.statusCode).toBe(409);
    expect((await trail(`ticket=${ticket.ticketId}&action=ticket.action`)).total).toBe(0);

    // The trail refuses this ticket's rows: the action must not happen without its row.
    await app.db.execute(
      sql.raw(`create function refuse_audit_${ticket.ticketId}() returns trigger language plpgsql as $$
        begin raise exception 'audit refused'; end $$`),
    );
    await app.db.execute(
      sql.raw(`create trigger refuse_audit_${ticket.ticketId} before insert on audit_log for each row
        when (new.target_id = ${ticket.ticketId} and new.action = 'ticket.action')
        execute function refuse_audit_${ticket.ticketId}()`),
    );
    try {
      const refused = await app.inject({
        method: 'PATCH',
        url: `/api/tickets/${ticket.ticketId}/status`,
        headers: as(PUNE_PRESIDENT),
        payload: { status: 'approved' },
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
      const after = await readTicket(ticket.ticketId, as(ADMIN));
      expect(after.json().ticket.status).toBe('pending');
      expect(after.json().ticket.comments).toHaveLength(1);
    } finally {
      await app.db.execute(sql.raw(`drop trigger refuse_audit_${ticket.ticketId} on audit_log`));
    }
  });

  describe('reading the trail', () => {
    it('is for admins only', async () => {
      for (const url of ['/api/audit', '/api/audit/export.csv']) {
        expect((await app.inject({ url, headers: as(PUNE_PRESIDENT) })).statusCode).toBe(403);
        expect((await app.inject({ url })).statusCode).toBe(401);
      }
    });

    it('filters by actor, action and days, and pages newest first', async () => {
      const ticket = await newTicket();
      for (let i = 0; i < 3; i++) await readTicket(ticket.ticketId, as(PUNE_PRESIDENT));
      const query = `actor=${ids[PUNE_PRESIDENT]}&action=ticket.read&ticket=${ticket.ticketId}`;
      const all = await trail(query);
      expect(all.total).toBe(3);
      const page2 = await trail(`${query}&pageSize=2&page=2`);
      expect(page2.entries).toHaveLength(1);
      expect(page2.entries[0]?.id).toBe(all.entries[2]?.id);
      const today = new Date().toISOString().slice(0, 10);
      expect((await trail(`${query}&from=${today}&to=${today}`)).total).toBe(3);
      expect((await trail(`${query}&to=2000-01-01`)).total).toBe(0);
      expect((await trail(`actor=${ids[MUMBAI_PRESIDENT]}&ticket=${ticket.ticketId}`)).total).toBe(0);
      const bad = await app.inject({
        url: '/api/audit?action=drop.table&from=yesterday',
        headers: as(ADMIN),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: expect.any(String), details: expect.any(Array) });
    });

    it('exports CSV with a BOM, formula cells neutralised', async () => {
      const name = '=HYPERLINK("http://evil.example","x")';
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/users/new',
        headers: as(ADMIN),
        payload: newUser({ fullName: name, role: 'admin', city: 'Pune' }),
      });
      expect(created.statusCode).toBe(201);
      const evil = created.json().user as { id: number; email: string };
      const evilToken = await tokenFor(app, evil.email, newUser().password as string);
      const ticket = await newTicket();
      await readTicket(ticket.ticketId, bearer(evilToken));

      const response = await app.inject({
        url: `/api/audit/export.csv?actor=${evil.id}`,
        headers: as(ADMIN),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('attachment');
      const raw = response.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = raw.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines[0]).toBe(
        'id,at,actor_user_id,actor_name,actor_role,actor_key,client_address,action,target_type,target_id,detail',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",admin,,`);
      expect(lines[1]).toContain(`,ticket.read,ticket,${ticket.ticketId},`);
    });

    it('streams every matching row, across batches', async () => {
      const ticket = await newTicket();
      await app.db.insert(auditLog).values(
        Array.from({ length: 1_203 }, () => ({
          actorUserId: ids[ADMIN] ?? null,
          action: 'ticket.read',
          targetType: 'ticket' as const,
          targetId: ticket.ticketId,
        })),
      );
      const response = await app.inject({
        url: `/api/audit/export.csv?ticket=${ticket.ticketId}`,
        headers: as(ADMIN),
      });
      const lines = response.rawPayload.toString('utf8').trim().split('\r\n');
      expect(lines).toHaveLength(1 + 1_203);
      expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(1_203);
    });
  });

  describe('view links (the View button)', () => {
    async function ticketWithFile(filename = 'plan.pdf', data: Buffer = FILES.pdf()) {
      const response = await submit(app, submitFields(refs), { files: [{ filename, data }] });
      expect(response.statusCode).toBe(201);
      const body = response.json() as { ticketId: number; shareUrl: string };
      const shared = await readTicket(body.ticketId, { 'x-access-key': keyOf(body.shareUrl) });
      const [file] = shared.json().ticket.attachments as { url: string }[];
      return { ...body, url: file?.url ?? '' };
    }
    const viewLink = (url: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/files/view-link',
        headers,
        payload: { url },
        remoteAddress: LINK_ADDRESS,
      });

    it('opens the file inline from its server URL for a minute, under a CSP that runs no script, and records who asked', async () => {
      const ticket = await ticketWithFile();
      const asked = await viewLink(ticket.url, { 'x-access-key': keyOf(ticket.shareUrl) });
      expect(asked.statusCode).toBe(200);
      const { url } = asked.json() as { url: string };
      expect(url).toMatch(
        new RegExp(`^${ticket.url.replace(/[.]/g, '\\.')}\\?view=\\d+\\.[A-Za-z0-9_-]{43}$`),
      );

      const pdf = await app.inject({ url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="plan.pdf"/);
      expect(pdf.headers['x-content-type-options']).toBe('nosniff');
      expect(pdf.headers['content-security-policy']).toContain("default-src 'none'");
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const png = await ticketWithFile('site.png', FILES.png());
      const image = await app.inject({
        url: (await viewLink(png.url, { 'x-access-key': keyOf(png.shareUrl) })).json().url,
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-disposition']).toMatch(/^inline;/);
      expect(String(image.headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'/);

      const { entries } = await trail(`ticket=${ticket.ticketId}&action=file.download`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorUserId: null, clientAddress: LINK_ADDRESS });
      expect(entries[0]?.actorKey).toMatch(new RegExp(`^share:${ticket.ticketId}:`));
      expect(JSON.parse(String(entries[0]?.detail))).toEqual({
        kind: 'attachment',
        file: 'plan.pdf',
        view: true,
      });
    });

    it('is refused (404) without the right key, and its value opens no other file, tampered or not', async () => {
      const ticket = await ticketWithFile();
      const other = await ticketWithFile();
      expect((await viewLink(ticket.url, {})).statusCode).toBe(404);
      expect((await viewLink(ticket.url, { 'x-access-key': keyOf(other.shareUrl) })).statusCode).toBe(404);
      expect((await viewLink(ticket.url, as(MUMBAI_PRESIDENT))).statusCode).toBe(404);
      expect((await viewLink('/etc/passwd', as(ADMIN))).statusCode).toBe(400);

      const { url } = (await viewLink(ticket.url, as(PUNE_PRESIDENT))).json() as { url: string };
      const view = new URL(url, 'http://x').searchParams.get('view') ?? '';
      expect((await app.inject({ url: `${other.url}?view=${view}` })).statusCode).toBe(404);
      // The MAC's first character (the last one carries two unused bits in base64url).
      const [expiry = '', mac = ''] = view.split('.');
      const flipped = `${expiry}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
      expect((await app.inject({ url: `${ticket.url}?view=${flipped}` })).statusCode).toBe(404);
      expect(
        (await app.inject({ url: `${ticket.url}?view=${Number(expiry) + 3600}.${mac}` })).statusCode,
      ).toBe(404);
      expect((await app.inject({ url: `${ticket.url}?view=garbage` })).statusCode).toBe(400);
    });
  });

  it('the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    const ticket = await newTicket();
    await readTicket(ticket.ticketId, as(ADMIN));
    await expect(app.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(app.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await trail(`ticket=${ticket.ticketId}`)).total).toBe(1);
  });
});

describe('ViewLinks', () => {
  it('opens its file until VIEW_LINK_SECONDS have passed, and then no longer', () => {
    const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
    const links = new ViewLinks('a-secret-of-the-test-0123456789', clock);
    const view = links.issue('attachment', 'a.pdf');
    expect(links.opens('attachment', 'a.pdf', view)).toBe(true);
    expect(links.opens('photo', 'a.pdf', view)).toBe(false);
    expect(links.opens('attachment', 'b.pdf', view)).toBe(false);
    expect(new ViewLinks('another-secret-0123456789abcdef', clock).opens('attachment', 'a.pdf', view)).toBe(
      false,
    );
    clock.advance(VIEW_LINK_SECONDS * 1000);
    expect(links.opens('attachment', 'a.pdf', view)).toBe(true);
    clock.advance(1000);
    expect(links.opens('attachment', 'a.pdf', view)).toBe(false);
  });
});

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['plain', 'plain'],
    ['मुंबई', 'मुंबई'],
  ])('%j → %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });
  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
