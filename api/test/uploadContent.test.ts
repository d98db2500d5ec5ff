import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync, deflateSync } from 'node:zlib';
import type { App } from '../src/app';
import {
  ACTIVE_PDF_MESSAGE,
  DOCX_ENTITIES_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  jpegPixels,
  pngPixels,
  withoutExif,
} from '../src/services/tickets/fileContent';
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

/** A zip of XML parts, deflated as Word writes them. */
function docxOf(parts: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = deflateRawSync(Buffer.from(text, 'utf8'));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD = {
  '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
  'word/document.xml': '<?xml version="1.0"?><w:document><w:body/></w:document>',
};

describe('reading what is inside a file', () => {
  it('reads the pixel count of PNGs and JPEGs', () => {
    expect(pngPixels(pngOfSize(100, 640, 480))).toBe(307_200);
    expect(jpegPixels(jpegOf(4000, 3000))).toBe(12_000_000);
    expect(jpegPixels(jpegOf(4000, 3000, 'GPS 18.52N 73.85E'))).toBe(12_000_000);
  });

  it('removes the EXIF block of a JPEG and keeps the rest byte for byte', () => {
    const plain = jpegOf(64, 48);
    const stripped = withoutExif(jpegOf(64, 48, 'GPS 18.52N 73.85E Pixel 9'));

    expect(stripped?.equals(plain)).toBe(true);
    expect(withoutExif(plain)).toBeNull();
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
