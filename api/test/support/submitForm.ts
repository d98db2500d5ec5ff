import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app';
import { issueMemberKey } from '../../src/services/tickets/linkKeys';

/** A file part of a multipart body. */
export interface FilePart {
  field?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body, built by hand so a test controls every part (order, duplicates…). */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----helpdesk-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'attachment'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Ids of the demo data the forms name. */
export interface DemoRefs {
  cityId: (name: string) => number;
  committeeId: (name: string) => number;
  /** A committee every demo city runs. */
  committee: { id: number; name: string };
}

export async function demoRefs(app: App): Promise<DemoRefs> {
  const cities = (await app.inject({ url: '/api/cities/getAllCities' })).json().cities as {
    id: number;
    name: string;
  }[];
  const committees = (await app.inject({ url: '/api/committees/getAllCommittees' })).json().committees as {
    id: number;
    name: string;
  }[];
  const pune = cities.find((city) => city.name === 'Pune');
  const puneCommittees = (
    await app.inject({ url: `/api/committees/getAllCommittees?cityId=${pune?.id}` })
  ).json().committees as { id: number; name: string }[];
  const find = <T extends { name: string }>(list: T[], name: string) => {
    const found = list.find((item) => item.name === name);
    if (!found) throw new Error(`no demo ${name}`);
    return found;
  };
  const committee = puneCommittees[0];
  if (!committee) throw new Error('Pune runs no committee');
  return {
    cityId: (name) => (find(cities, name) as { id: number }).id,
    committeeId: (name) => (find(committees, name) as { id: number }).id,
    committee,
  };
}

let counter = 0;

/** A valid submit form for Pune; override what the test is about. */
export function submitFields(refs: DemoRefs, overrides: Record<string, string> = {}): Record<string, string> {
  counter++;
  return {
    fullName: 'Ravi Kumar',
    cityId: String(refs.cityId('Pune')),
    city: 'Pune',
    cityPresident: 'Aditya Patwardhan',
    mobile: '9876543210',
    committeeId: String(refs.committee.id),
    committee: refs.committee.name,
    email: `ravi.${process.pid}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    description: 'The lift in tower B has been broken for two weeks and nobody answers our calls.',
    ...overrides,
  };
}

export interface SubmitOptions {
  files?: FilePart[];
  idempotencyKey?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export function submit(app: App, fields: Record<string, string>, options: SubmitOptions = {}) {
  const { payload, contentType } = multipartBody(fields, options.files);
  return app.inject({
    method: 'POST',
    url: '/api/tickets/submit',
    payload,
    headers: {
      'content-type': contentType,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/**
 * A fresh member link for the member of a submit answer (the submit never answers one, ADR 0030:
 * it goes by email), as `memberUrl` beside the answer. It replaces the member's earlier key.
 */
export async function withMemberLink<Answer extends { userId: number }>(
  app: App,
  answer: Answer,
): Promise<Answer & { memberUrl: string }> {
  const memberUrl = await issueMemberKey(app.db, answer.userId);
  if (!memberUrl) throw new Error(`no member ${answer.userId}`);
  return { ...answer, memberUrl };
}

/** The key in a share or member link (`…#key=…`). */
export function keyOf(url: string): string {
  const key = /#key=([A-Za-z0-9_-]+)$/.exec(url)?.[1];
  if (!key) throw new Error(`no key in ${url}`);
  return key;
}

// Files whose first bytes are what they claim, and some that are not.
export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The signature and IHDR chunk of a PNG of this many pixels across and down. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16); // bit depth; colour type, compression, filter, interlace stay 0
  return Buffer.concat([PNG_HEAD, ihdr]);
}

/** A PNG-looking file of exactly `bytes` bytes (a 64 x 64 header, then filler). */
export function pngOfSize(bytes: number, width = 64, height = 64): Buffer {
  const data = Buffer.alloc(bytes, 0x42);
  pngHeader(width, height).copy(data);
  return data;
}

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * A JPEG's structure (SOI, APP0, an EXIF APP1 when `exif` is given, SOF0 with the size, SOS and
 * some scan bytes, EOI): enough for the type and size checks, not a picture anyone can see.
 */
export function jpegOf(width = 64, height = 48, exif?: string): Buffer {
  const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(
      0xe0,
      Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000', 'latin1'),
    ),
    ...(exif ? [jpegSegment(0xe1, Buffer.from(`Exif\u0000\u0000${exif}`, 'latin1'))] : []),
    jpegSegment(0xc0, frame),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.alloc(40, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export const FILES = {
  png: () => pngOfSize(64),
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n', 'latin1'),
  jpeg: () => jpegOf(),
  doc: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(56)]),
  docx: () => zipOf(['[Content_Types].xml', 'word/document.xml']),
  zip: () => zipOf(['notes.txt']),
  exe: () => Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(60)]),
};

/** A stored (uncompressed) zip holding empty files with these names. */
export function zipOf(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
