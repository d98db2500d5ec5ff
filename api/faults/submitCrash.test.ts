/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { DatabaseKind } from '../src/db/database';
import { type ApiProcess, listening, startApiProcess } from '../test/support/apiProcess';
import { filesUnder } from '../test/support/files';
import { DEMO_PASSWORD, TEST_SECRET } from '../test/support/session';
import { pngHeader } from '../test/support/submitForm';
import { useTestDatabase } from '../test/support/testDatabase';
import { waitUntil } from './support/net';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// A real api process (src/server.ts run by tsx) killed with SIGKILL in the middle of a submit, then
// started again on the same database and upload folder: no half ticket, no file left behind. On
// PGlite and on a PostgreSQL server of the suite's own.
// Two api starts on PGlite and a retried upload: alone ~4 s, beside the other CI lanes up to minutes.
const TIMEOUT_MS = 300_000;

function startApi(env: Record<string, string>): ApiProcess {
  return startApiProcess({
    HELPDESK_SECRET: TEST_SECRET,
    HELPDESK_DEMO_DATA: 'true',
    HELPDESK_DEMO_TICKETS: '0',
    ...env,
  });
}

let cluster: PostgresCluster | undefined;
afterAll(() => cluster?.destroy(), 60_000);

describe.each<DatabaseKind>(['pglite', 'postgres'])('a submit interrupted by kill -9 on %s', (kind) => {
  if (kind === 'postgres') {
    beforeAll(async () => {
      cluster = await createCluster();
    }, 60_000);
  }
  const database = useTestDatabase(kind, () => {
    if (!cluster) throw new Error('the PostgreSQL server of this file is not up');
    return cluster.url();
  });
  const running: ApiProcess[] = [];

  afterEach(async () => {
    for (const api of running.splice(0)) {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
  });

  it(
    'leaves no ticket, no member and no file once the api is back',
    async () => {
      // On PostgreSQL other instances may share the folder, so the start sweeps only files older
      // than UPLOAD_SWEEP_GRACE_MS: this test runs a single instance and sets it to 0.
      const env = { ...database().env, UPLOAD_SWEEP_GRACE_MS: '0' };
      const uploadDir = path.join(database().dataDir, 'uploads');
      const first = startApi(env);
      running.push(first);
      const url = await listening(first);

      const cities = (await (await fetch(`${url}/api/cities/getAllCities`)).json()).cities;
      const pune = cities.find((city: { name: string }) => city.name === 'Pune');
      const committees = (
        await (await fetch(`${url}/api/committees/getAllCommittees?cityId=${pune.id}`)).json()
      ).committees;
      const fields: Record<string, string> = {
        fullName: 'Ravi Kumar',
        cityId: String(pune.id),
        mobile: '9876543210',
        committeeId: String(committees[0].id),
        email: 'crash.test@example.com',
        description: 'Submitted while the server dies',
      };

      // A slow upload: the fields and the first MiB of a 10 MiB file, then nothing more.
      const boundary = `----crash-${randomBytes(8).toString('hex')}`;
      const head = Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('');
      const request = http.request(`${url}/api/tickets/submit`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'idempotency-key': 'crash-test-key-0001-0123456789',
        },
      });
      request.on('error', () => undefined); // the server dies under it
      request.write(head);
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const firstMiB = Buffer.alloc(1024 * 1024, 7);
      pngHeader(64, 64).copy(firstMiB); // a real PNG header: the upload check reads the image's size
      request.write(firstMiB);

      const incoming = path.join(uploadDir, 'incoming');
      await waitUntil(
        () => filesUnder(incoming).some((name) => statSync(path.join(incoming, name)).size > 0),
        'the upload to reach the disk',
        120_000,
      );

      first.child.kill('SIGKILL');
      await first.exited;
      request.destroy();
      expect(filesUnder(incoming)).toHaveLength(1);
      // What a kill between placing a file and committing its ticket would leave.
      mkdirSync(path.join(uploadDir, 'attachments'), { recursive: true });
      writeFileSync(path.join(uploadDir, 'attachments', `${randomBytes(16).toString('hex')}.png`), firstMiB);

      const second = startApi(env);
      running.push(second);
      const again = await listening(second);

      expect(filesUnder(uploadDir)).toEqual([]);
      expect(second.output()).toContain('removed files left by an interrupted submit');
      const login = await fetch(`${again}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@helpdesk.demo', password: DEMO_PASSWORD }),
      });
      const { token } = await login.json();
      expect(
        (await fetch(`${again}/api/tickets/1`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(404);

      // The key was never claimed and the member never created: the same submit now goes through.
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('attachment', new Blob([firstMiB], { type: 'image/png' }), 'scan.png');
      const retried = await fetch(`${again}/api/tickets/submit`, {
        method: 'POST',
        headers: { 'idempotency-key': 'crash-test-key-0001-0123456789' },
        body: form,
      });
      expect(retried.status).toBe(201);
      const answer = await retried.json();
      expect(answer.shareUrl).toMatch(/#key=/);
      expect(filesUnder(uploadDir)).toEqual([expect.stringMatching(/^attachments\/[0-9a-f]{32}\.png$/)]);
    },
    TIMEOUT_MS,
  );
});
