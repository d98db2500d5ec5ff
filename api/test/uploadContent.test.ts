import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { App } from '../src/app';
import {
  ACTIVE_PDF_MESSAGE,
  checkFileContent,
  DOCX_ENTITIES_MESSAGE,
  docxDeclaresEntities,
  Gate,
  IMAGE_TOO_LARGE_MESSAGE,
  jpegPixels,
  pdfHasActiveContent,
  pngPixels,
  withoutExif,
} from '../src/services/tickets/fileContent';
import { docxOf } from './support/files';
import { buildDemoApp } from './support/session';
import {
  type DemoRefs,
  demoRefs,
  jpegOf,
  keyOf,
  pngOfSize,
  submit,
  submitFields,
} from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\ntrailer << >>\n%%EOF\n`, 'latin1');

const WORD = {
  '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
  'word/document.xml': '<?xml version="1.0"?><w:document><w:body/></w:document>',
};

describe('reading what is inside a file', () => {
  let folder: string;
  let written = 0;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-file-content-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The bytes as a received file on disk (the checks read files, never whole buffers). */
  const onDisk = (bytes: Buffer) => {
    const file = path.join(folder, `file-${++written}`);
    writeFileSync(file, bytes);
    return file;
  };
  /** Bytes no compressor shrinks and that name nothing (no '/'). */
  const filler = (length: number) => {
    const bytes = randomBytes(length);
    for (let index = bytes.indexOf(0x2f); index >= 0; index = bytes.indexOf(0x2f, index + 1))
      bytes[index] = 0x30;
    return bytes;
  };
  const CHUNK = 64 * 1024;

  it('reads the pixel count of PNGs and JPEGs', async () => {
    expect(await pngPixels(onDisk(pngOfSize(100, 640, 480)))).toBe(307_200);
    expect(await jpegPixels(onDisk(jpegOf(4000, 3000)))).toBe(12_000_000);
    expect(await jpegPixels(onDisk(jpegOf(4000, 3000, 'GPS 18.52N 73.85E')))).toBe(12_000_000);
    expect(await pngPixels(onDisk(Buffer.from('not a png')))).toBeNull();
  });

  it('removes the EXIF block of a JPEG in place and keeps the rest byte for byte', async () => {
    const plain = jpegOf(64, 48);
    const photo = onDisk(jpegOf(64, 48, 'GPS 18.52N 73.85E Pixel 9'));
    const untouched = onDisk(plain);

    expect(await withoutExif(photo)).toBe(true);
    expect(readFileSync(photo).equals(plain)).toBe(true);
    expect(await withoutExif(untouched)).toBe(false);
    expect(readFileSync(untouched).equals(plain)).toBe(true);
  });

  it('answers the size and sha256 of what is kept, for a photo without its EXIF and for any other file', async () => {
    const plain = jpegOf(640, 480);
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(await checkFileContent('jpeg', onDisk(jpegOf(640, 480, 'GPS 18.52N')))).toEqual({
      ok: true,
      size: plain.length,
      sha256: sha256(plain),
    });
    const report = pdf(`1 0 obj << /Type /Catalog >> endobj\n${filler(3 * CHUNK).toString('latin1')}`);
    expect(await checkFileContent('pdf', onDisk(report))).toEqual({
      ok: true,
      size: report.length,
      sha256: sha256(report),
    });
  });

  it('finds a PDF name that a chunk boundary cuts in two, and no name the boundary makes up', async () => {
    // '/JavaScript' with the cut after '/Ja'; and '/JSON' cut after '/JS' (not active).
    const cutAt = (name: string, after: number) => {
      const head = Buffer.from('%PDF-1.7\n', 'latin1');
      const pad = filler(CHUNK - head.length - after);
      return Buffer.concat([head, pad, Buffer.from(`${name} (x)\n%%EOF\n`, 'latin1')]);
    };
    expect(await pdfHasActiveContent(onDisk(cutAt('/JavaScript', 3)))).toBe(true);
    expect(await pdfHasActiveContent(onDisk(cutAt('/JSON', 3)))).toBe(false);
    // A name at the very end of the file.
    expect(await pdfHasActiveContent(onDisk(Buffer.from('%PDF-1.7\n<< /S /Launch', 'latin1')))).toBe(true);
  });

  it('inflates every compressed stream of a PDF, long ones across chunks and the second as well as the first', async () => {
    const stream = (content: Buffer) =>
      Buffer.concat([
        Buffer.from('1 0 obj << /Filter /FlateDecode >>\nstream\n', 'latin1'),
        deflateSync(content),
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]);
    const harmless = stream(Buffer.from('BT (Lift broken) Tj ET\n'.repeat(10), 'latin1'));
    // Deflated noise takes more than a chunk, so the name comes out of a later read.
    const longHidden = stream(
      Buffer.concat([filler(3 * CHUNK), Buffer.from('<< /S /JavaScript >>', 'latin1')]),
    );
    const hiddenSecond = stream(Buffer.from('<< /JS (app.alert(1)) >>', 'latin1'));
    const file = (...parts: Buffer[]) =>
      onDisk(
        Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), ...parts, Buffer.from('%%EOF\n', 'latin1')]),
      );

    expect(await pdfHasActiveContent(file(harmless))).toBe(false);
    expect(await pdfHasActiveContent(file(longHidden))).toBe(true);
    expect(await pdfHasActiveContent(file(harmless, hiddenSecond))).toBe(true);
    // 'endstream' cut by a chunk boundary still ends the stream: the name after it is raw text.
    const head = Buffer.from('%PDF-1.7\n1 0 obj\nstream\n', 'latin1');
    const body = filler(CHUNK - head.length - 4);
    expect(
      await pdfHasActiveContent(
        onDisk(Buffer.concat([head, body, Buffer.from('endstream\nendobj\n<< /Launch >>\n', 'latin1')])),
      ),
    ).toBe(true);
  });

  it('reads the XML parts of a DOCX as they inflate, and refuses one that will not inflate', async () => {
    const long = `<?xml version="1.0"?><w:document>${'<w:p>text</w:p>'.repeat(20_000)}</w:document>`;
    expect(await docxDeclaresEntities(onDisk(docxOf({ ...WORD, 'word/document.xml': long })))).toBe(false);
    expect(
      await docxDeclaresEntities(
        onDisk(docxOf({ ...WORD, 'word/document.xml': `${long.slice(0, -13)}<!ENTITY x "y"></w:document>` })),
      ),
    ).toBe(true);
    const broken = docxOf(WORD);
    broken.write('garbage!', 30 + '[Content_Types].xml'.length, 'latin1'); // the first part's deflated bytes
    expect(await docxDeclaresEntities(onDisk(broken))).toBe(true);
    expect(await docxDeclaresEntities(onDisk(Buffer.from('not a zip')))).toBe(true);
  });

  it('lets a bounded number of checks run at once, the others waiting their turn in order', async () => {
    const gate = new Gate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const work = (index: number) =>
      gate.through(async () => {
        running++;
        most = Math.max(most, running);
        order.push(index);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (index === 1) throw new Error('a failed check frees its place');
        return index;
      });
    const all = [0, 1, 2, 3, 4].map((index) => work(index).catch(() => -1));
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    while (releases.length > 0) releases.shift()?.();

    expect(await Promise.all(all)).toEqual([0, -1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});

describe.each(databaseKinds)('uploads checked for their content on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), { SUBMIT_MAX_PER_IP: '1000', LOOKUP_MAX_PER_IP: '1000' });
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const upload = (filename: string, data: Buffer) =>
    submit(app, submitFields(refs), { files: [{ filename, data }] });

  it.each([
    ['a PNG of 50 megapixels', 'huge.png', pngOfSize(200, 10_000, 5_000), IMAGE_TOO_LARGE_MESSAGE],
    ['a JPEG of 65535 x 65535 pixels', 'bomb.jpg', jpegOf(65_535, 65_535), IMAGE_TOO_LARGE_MESSAGE],
    [
      'a PDF with JavaScript',
      'form.pdf',
      pdf('1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj'),
      ACTIVE_PDF_MESSAGE,
    ],
    [
      'a PDF with a launch action',
      'run.pdf',
      pdf('1 0 obj << /OpenAction << /S /Launch /F (cmd.exe) >> >> endobj'),
      ACTIVE_PDF_MESSAGE,
    ],
    [
      'a PDF spelling JavaScript with #xx escapes',
      'escaped.pdf',
      pdf('1 0 obj << /S /J#61vaScript /JS (x) >> endobj'),
      ACTIVE_PDF_MESSAGE,
    ],
    [
      'a PDF hiding JavaScript in a compressed object stream',
      'hidden.pdf',
      Buffer.concat([
        Buffer.from('%PDF-1.7\n1 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n', 'latin1'),
        deflateSync(Buffer.from('<< /S /JavaScript /JS (app.alert(1)) >>', 'latin1')),
        Buffer.from('\nendstream\nendobj\ntrailer << >>\n%%EOF\n', 'latin1'),
      ]),
      ACTIVE_PDF_MESSAGE,
    ],
    [
      'a DOCX declaring an external entity',
      'letter.docx',
      docxOf({
        ...WORD,
        'word/document.xml':
          '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]><w:document>&x;</w:document>',
      }),
      DOCX_ENTITIES_MESSAGE,
    ],
  ])('refuses %s with 400', async (_what, filename, data, message) => {
    const response = await upload(filename, data);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, details: [{ path: 'attachment', message }] });
  });

  it.each([
    ['a 12-megapixel JPEG', 'photo.jpg', jpegOf(4000, 3000)],
    ['a PDF without active content', 'report.pdf', pdf('1 0 obj << /Type /Catalog >> endobj')],
    ['a deflated DOCX without entities', 'letter.docx', docxOf(WORD)],
  ])('accepts %s', async (_what, filename, data) => {
    expect((await upload(filename, data)).statusCode).toBe(201);
  });

  it('stores a photo without its EXIF block, with the size of what is stored', async () => {
    const response = await upload('site.jpg', jpegOf(640, 480, 'GPS 18.52N 73.85E Pixel 9'));

    expect(response.statusCode).toBe(201);
    const { ticketId, shareUrl } = response.json();
    const ticket = (
      await app.inject({ url: `/api/tickets/${ticketId}`, headers: { 'x-access-key': keyOf(shareUrl) } })
    ).json().ticket;
    const stored = readFileSync(
      path.join(database().dataDir, 'uploads', 'attachments', ticket.attachmentPath),
    );
    expect(stored.equals(jpegOf(640, 480))).toBe(true);
    expect(stored.toString('latin1')).not.toContain('GPS');
    expect(ticket.attachments[0].size).toBe(stored.length);
  });
});
