/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../src/app';
import { contentDisposition } from '../src/services/tickets/fileType';
import { bearer, buildDemoApp, tokenFor } from './support/session';
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

const relaxed = { SUBMIT_MAX_PER_IP: '100000', LOOKUP_MAX_PER_IP: '100000', HELPDESK_DEMO_TICKETS: '0' };

interface Submitted {
  ticketId: number;
  userId: number;
  shareUrl: string;
  memberUrl?: string;
}

const FILE_NOT_FOUND = { error: 'File not found', details: [] };

describe.each(databaseKinds)('attachment downloads on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  let pune: Submitted;
  let mumbai: Submitted;
  let puneFile: string;
  let mumbaiFile: string;
  const pdf = FILES.pdf();
  const originalName = "Bericht März l'été (2).pdf";

  const download = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
  const key = (submitted: Submitted) => ({ 'x-access-key': keyOf(submitted.shareUrl) });

  async function fileUrlOf(submitted: Submitted): Promise<string> {
    const { ticket } = (
      await app.inject({ url: `/api/tickets/${submitted.ticketId}`, headers: key(submitted) })
    ).json();
    return ticket.attachments[0].url;
  }

  beforeAll(async () => {
    app = await buildDemoApp(database(), relaxed);
    refs = await demoRefs(app);
    pune = await withMemberLink(
      app,
      (await submit(app, submitFields(refs), { files: [{ filename: originalName, data: pdf }] })).json(),
    );
    mumbai = await withMemberLink(
      app,
      (
        await submit(app, submitFields(refs, { cityId: String(refs.cityId('Mumbai')) }), {
          files: [{ filename: 'site.png', data: FILES.png() }],
        })
      ).json(),
    );
    puneFile = await fileUrlOf(pune);
    mumbaiFile = await fileUrlOf(mumbai);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('serves the file to the holder of its ticket key, as a download that cannot run in the page', async () => {
    const response = await download(puneFile, key(pune));

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition':
        "attachment; filename=\"Bericht M_rz l'_t_ (2).pdf\"; filename*=UTF-8''Bericht%20M%C3%A4rz%20l%27%C3%A9t%C3%A9%20%282%29.pdf",
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    });
  });

  it('serves it to the member key and to staff who may see the ticket', async () => {
    expect((await download(puneFile, { 'x-access-key': keyOf(pune.memberUrl ?? '') })).statusCode).toBe(200);
    for (const email of [
      'admin@helpdesk.demo',
      'president@helpdesk.demo',
      'governor@helpdesk.demo',
      'pune.president@helpdesk.demo',
      'pune.convenor@helpdesk.demo',
      'pune.observer@helpdesk.demo',
    ]) {
      const response = await download(puneFile, bearer(await tokenFor(app, email)));
      expect({ email, status: response.statusCode }).toEqual({ email, status: 200 });
    }
  });

  it('answers everyone else, and files that do not exist, with the same 404', async () => {
    const mumbaiStaff = bearer(await tokenFor(app, 'mumbai.president@helpdesk.demo'));
    const attempts: [string, Record<string, string>][] = [
      [puneFile, {}],
      [puneFile, key(mumbai)], // another ticket's key never opens this ticket's files
      [puneFile, { 'x-access-key': keyOf(mumbai.memberUrl ?? '') }],
      [puneFile, { 'x-access-key': keyOf(pune.shareUrl).slice(0, 20) }],
      [puneFile, mumbaiStaff],
      [mumbaiFile, key(pune)],
      [`/uploads/attachments/${'0'.repeat(32)}.pdf`, key(pune)],
      [puneFile.replace('/attachments/', '/photos/'), key(pune)],
      ['/uploads/attachments/..%2F..%2Fpglite%2FPG_VERSION', key(pune)],
      ['/uploads/attachments/incoming', key(pune)],
      [`/uploads/attachments/${encodeURIComponent(originalName)}`, key(pune)],
    ];
    for (const [url, headers] of attempts) {
      const response = await download(url, headers);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toEqual(FILE_NOT_FOUND);
    }
    expect((await download(mumbaiFile, mumbaiStaff)).statusCode).toBe(200);
  });

  it('keeps the files outside any web root, under random names only', () => {
    const stored = readdirSync(path.join(database().dataDir, 'uploads', 'attachments'));
    expect(stored).toHaveLength(2);
    for (const name of stored) expect(name).toMatch(/^[0-9a-f]{32}\.(pdf|png)$/);
    expect(puneFile).toBe(`/uploads/attachments/${stored.find((name) => name.endsWith('.pdf'))}`);
  });
});

describe('Content-Disposition', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ['a;b%c\\d.png', `attachment; filename="a_b_c_d.png"; filename*=UTF-8''a%3Bb%25c%5Cd.png`],
    ["it's (1)*.pdf", `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`],
    [
      'दस्तावेज़.pdf',
      `attachment; filename="_________.pdf"; filename*=UTF-8''%E0%A4%A6%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A4%BE%E0%A4%B5%E0%A5%87%E0%A4%9C%E0%A4%BC.pdf`,
    ],
  ])('%s', (name, header) => {
    expect(contentDisposition(name)).toBe(header);
  });
});
