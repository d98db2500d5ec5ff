import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  BodyGarbage,
  bodyGarbage,
  COLLECT_EVERY_BYTES,
  FULL_COLLECTION_EVERY,
} from '../src/services/tickets/bodyGarbage';
import {
  checkFileContent,
  DOCX_ENTITIES_MESSAGE,
  docxDeclaresEntities,
} from '../src/services/tickets/fileContent';
import { UploadStore } from '../src/services/tickets/storage';
import { docxOf } from './support/files';
import { jpegOf } from './support/submitForm';

describe('uploads in bounded memory', () => {
  let folder: string;
  let written = 0;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-upload-memory-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const onDisk = (bytes: Buffer) => {
    const file = path.join(folder, `file-${++written}`);
    writeFileSync(file, bytes);
    return file;
  };

  it('collects the young generation for every few MiB of bodies received, everything now and then, and nothing without gc', () => {
    const collections: string[] = [];
    const garbage = new BodyGarbage(({ type }) => collections.push(type), 1000, 3);
    garbage.received(600);
    expect(collections).toEqual([]);
    garbage.received(600);
    expect(collections).toEqual(['minor']);
    garbage.received(999);
    expect(collections).toEqual(['minor']);
    garbage.received(1);
    expect(collections).toEqual(['minor', 'minor']);
    garbage.received(1000);
    garbage.received(1000);
    expect(collections).toEqual(['minor', 'minor', 'major', 'minor']);
    expect(garbage.active).toBe(true);

    const without = new BodyGarbage(undefined, 1000);
    expect(without.active).toBe(false);
    expect(() => without.received(10_000)).not.toThrow();
    // The api's own pace: a minor collection each 4 MiB, a full one each 256 MiB.
    expect(COLLECT_EVERY_BYTES * FULL_COLLECTION_EVERY).toBe(256 * 1024 * 1024);
  });

  it('counts every byte a received upload brings, and keeps its first bytes and its hash', async () => {
    const store = new UploadStore(folder);
    await store.ensureFolders();
    const counted = jest.spyOn(bodyGarbage, 'received');
    try {
      const pieces = [randomBytes(10), randomBytes(70_000), randomBytes(5)];
      const received = await store.receive(Readable.from(pieces), () => false);
      const whole = Buffer.concat(pieces);
      expect(counted.mock.calls.reduce((sum, [bytes]) => sum + bytes, 0)).toBe(whole.length);
      expect(received.size).toBe(whole.length);
      expect(received.head.equals(whole.subarray(0, 16))).toBe(true);
      expect(readFileSync(received.tempPath).equals(whole)).toBe(true);
      await store.discard(received.tempPath);
    } finally {
      counted.mockRestore();
    }
  });

  it('reads a DOCX part whose deflated bytes span many chunks through one reused buffer', async () => {
    // Hex of random bytes deflates to about half its length: 600 KiB of text, ~300 KiB deflated.
    const noise = randomBytes(300 * 1024).toString('hex');
    const body = `<?xml version="1.0"?><w:document><w:body><w:p><w:t>${noise}</w:t></w:p>`;
    const word = (document: string) =>
      docxOf({ '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'word/document.xml': document });

    // A part that arrived corrupted would not inflate and be refused: this one passes whole.
    expect(await docxDeclaresEntities(onDisk(word(`${body}</w:body></w:document>`)))).toBe(false);
    // An entity declared after the noise is found, five chunks in.
    expect(
      await docxDeclaresEntities(
        onDisk(word(`${body}<!ENTITY x SYSTEM "file:///etc/passwd"></w:body></w:document>`)),
      ),
    ).toBe(true);
    expect(
      await checkFileContent(
        'docx',
        onDisk(word(`${body}<!DOCTYPE w [<!ENTITY x "y">]></w:body></w:document>`)),
      ),
    ).toEqual({ ok: false, message: DOCX_ENTITIES_MESSAGE });
  });

  it('answers the hash taken on arrival for a file kept as it came, and the new one for a photo without its EXIF', async () => {
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const store = new UploadStore(folder);
    await store.ensureFolders();
    const report = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');
    const received = await store.receive(Readable.from([report]), () => false);
    expect(received.sha256).toBe(sha256(report));
    expect(await checkFileContent('pdf', received.tempPath, received)).toEqual({
      ok: true,
      size: report.length,
      sha256: sha256(report),
    });

    const photo = await store.receive(Readable.from([jpegOf(640, 480, 'GPS 18.52N 73.85E')]), () => false);
    const plain = jpegOf(640, 480);
    expect(await checkFileContent('jpeg', photo.tempPath, photo)).toEqual({
      ok: true,
      size: plain.length,
      sha256: sha256(plain),
    });
    expect(readFileSync(photo.tempPath).equals(plain)).toBe(true);
    await store.discard(received.tempPath);
    await store.discard(photo.tempPath);
  });

  it('checks twenty files at once with answers that match each file alone', async () => {
    const noise = () => randomBytes(200 * 1024).toString('hex');
    const documents = Array.from({ length: 20 }, (_, index) => {
      const text = `<?xml version="1.0"?><w:document>${noise()}${index % 2 ? '<!ENTITY x "y">' : ''}</w:document>`;
      return onDisk(
        docxOf({ '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'word/document.xml': text }),
      );
    });
    const answers = await Promise.all(documents.map((file) => checkFileContent('docx', file)));
    expect(answers.map((answer) => answer.ok)).toEqual(
      Array.from({ length: 20 }, (_, index) => index % 2 === 0),
    );
  });
});
