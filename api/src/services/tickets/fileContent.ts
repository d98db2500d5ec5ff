/**
 * What is inside an accepted file, beyond its type (fileType.ts): images whose pixel count would
 * exhaust a viewer's memory, PDFs that carry JavaScript or launch actions, Word files whose XML
 * declares entities (external entities read files or URLs in the parser that opens them), and the
 * EXIF block of a photo (it can hold the place it was taken and the device), which is removed.
 *
 * Every check reads the file in chunks (and inflates compressed parts as a stream), so what a check
 * holds does not grow with the file: twenty 20 MiB uploads at once used to hold 20 × 20 MiB and
 * their copies (ADR 0057). How many files are checked at once is bounded too (`CHECKS_AT_ONCE`).
 * The chunks are read into one buffer per check rather than a new one each, as V8 frees a buffer
 * only at its next collection; and a file kept as it came is not read again for its hash, which
 * was taken as it arrived (ADR 0080).
 */
import { createHash, type Hash } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { createInflate, createInflateRaw, type Inflate, type InflateRaw } from 'node:zlib';
import type { FileKind } from './fileType';

/** The largest image accepted: 40 megapixels (a 48 MP phone photo is 8000 × 6000; 40 MP decodes to 160 MB). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What the inflated streams of one PDF or the XML parts of one DOCX may add up to (zip bombs). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** How much of a file is read at a time. */
const CHUNK_BYTES = 64 * 1024;
/**
 * Files checked at the same time, in one api process. A check is CPU work (hashing, inflating): more
 * at once only shares the same cores, while each holds its buffers. Two per core of this kind of
 * machine keeps the cores busy while one waits for the disk.
 */
export const CHECKS_AT_ONCE = 4;

export const IMAGE_TOO_LARGE_MESSAGE = `Images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
export const ACTIVE_PDF_MESSAGE = 'PDF files with JavaScript or launch actions are not allowed';
export const DOCX_ENTITIES_MESSAGE = 'Word files that declare XML entities are not allowed';

export type ContentCheck = { ok: true; size: number; sha256: string } | { ok: false; message: string };

/** Reads bytes of a file at any position, through one cached block (few reads for many small ones). */
class FileReader {
  private block = Buffer.alloc(0);
  private blockStart = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  static async open(filePath: string): Promise<FileReader> {
    const handle = await open(filePath, 'r');
    try {
      return new FileReader(handle, (await handle.stat()).size);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** `length` bytes from `position`, or null when the file ends before. */
  async bytes(position: number, length: number): Promise<Buffer | null> {
    if (position < 0 || position + length > this.size) return null;
    const inBlock = position - this.blockStart;
    if (inBlock < 0 || inBlock + length > this.block.length) {
      const wanted = Math.max(length, CHUNK_BYTES);
      const block = Buffer.alloc(Math.min(wanted, this.size - position));
      const { bytesRead } = await this.handle.read(block, 0, block.length, position);
      this.block = block.subarray(0, bytesRead);
      this.blockStart = position;
    }
    const from = position - this.blockStart;
    return from + length <= this.block.length ? this.block.subarray(from, from + length) : null;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

async function withReader<T>(filePath: string, use: (reader: FileReader) => Promise<T>): Promise<T> {
  const reader = await FileReader.open(filePath);
  try {
    return await use(reader);
  } finally {
    await reader.close();
  }
}

/**
 * The file's bytes from `start` to `end` (exclusive), chunk by chunk, read into one buffer: a chunk
 * is only valid until the next is asked for (whoever keeps bytes copies them). A read stream would
 * allocate a new buffer for every chunk, and twenty 20 MiB files make 6,400 of them, which V8
 * frees only when it next collects (ADR 0080).
 */
async function* chunksOf(
  filePath: string,
  start = 0,
  end = Number.POSITIVE_INFINITY,
): AsyncGenerator<Buffer> {
  if (end <= start) return;
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let position = start; position < end; ) {
      const wanted = Math.min(CHUNK_BYTES, end - position);
      const { bytesRead } = await handle.read(buffer, 0, wanted, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** Width × height of a PNG (its IHDR chunk), or null when the header is not there. */
export async function pngPixels(filePath: string): Promise<number | null> {
  return withReader(filePath, async (reader) => {
    const header = await reader.bytes(0, 24);
    if (header?.toString('latin1', 12, 16) !== 'IHDR') return null;
    return header.readUInt32BE(16) * header.readUInt32BE(20);
  });
}

interface JpegSegment {
  marker: number;
  start: number;
  end: number;
}

/** The marker segments of a JPEG up to its image data (SOS), or null when they do not parse. */
async function jpegSegments(reader: FileReader): Promise<JpegSegment[] | null> {
  const segments: JpegSegment[] = [];
  let offset = 2; // after SOI
  for (let head = await reader.bytes(offset, 4); head; head = await reader.bytes(offset, 4)) {
    if (head[0] !== 0xff) return null;
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = head.readUInt16BE(2);
    const end = offset + 2 + length;
    if (length < 2 || end > reader.size) return null;
    segments.push({ marker, start: offset, end });
    if (marker === 0xda) return segments; // start of scan: the rest is image data
    offset = end;
  }
  return null;
}

const START_OF_FRAME = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

async function jpegFramePixels(reader: FileReader, segments: JpegSegment[]): Promise<number | null> {
  const frame = segments.find((segment) => START_OF_FRAME.has(segment.marker));
  if (!frame || frame.end - frame.start < 9) return null;
  const header = await reader.bytes(frame.start, 9);
  return header ? header.readUInt16BE(5) * header.readUInt16BE(7) : null;
}

/** Width × height of a JPEG (its start-of-frame segment), or null. */
export async function jpegPixels(filePath: string): Promise<number | null> {
  return withReader(filePath, async (reader) => {
    const segments = await jpegSegments(reader);
    return segments ? jpegFramePixels(reader, segments) : null;
  });
}

/** Streams `ranges` of `source` into `target` (created), hashing what is written; answers its size. */
async function copyRanges(
  source: string,
  ranges: { start: number; end: number }[],
  target: string,
  hash: Hash,
): Promise<number> {
  const out = await open(target, 'wx');
  let size = 0;
  try {
    for (const { start, end } of ranges) {
      for await (const chunk of chunksOf(source, start, end)) {
        hash.update(chunk);
        await out.write(chunk);
        size += chunk.length;
      }
    }
  } finally {
    await out.close();
  }
  return size;
}

/**
 * Removes the JPEG's APP1 segments (EXIF and XMP: place, time, device) in place, by writing the rest
 * beside it and renaming it over; answers the new size and sha256, or null when there were none.
 */
async function stripExifInPlace(
  filePath: string,
  reader: FileReader,
  segments: JpegSegment[],
): Promise<{ size: number; sha256: string } | null> {
  const app1 = segments.filter((segment) => segment.marker === 0xe1);
  if (app1.length === 0) return null;
  const kept: { start: number; end: number }[] = [];
  let from = 0;
  for (const segment of app1) {
    kept.push({ start: from, end: segment.start });
    from = segment.end;
  }
  kept.push({ start: from, end: reader.size });
  const stripped = `${filePath}.stripped`;
  const hash = createHash('sha256');
  try {
    const size = await copyRanges(filePath, kept, stripped, hash);
    await rename(stripped, filePath);
    return { size, sha256: hash.digest('hex') };
  } catch (error) {
    await rm(stripped, { force: true });
    throw error;
  }
}

/** Answers true when the file at `filePath` is a JPEG whose APP1 (EXIF) blocks were removed. */
export async function withoutExif(filePath: string): Promise<boolean> {
  return withReader(filePath, async (reader) => {
    const segments = await jpegSegments(reader);
    return segments ? (await stripExifInPlace(filePath, reader, segments)) !== null : false;
  });
}

// A name in a PDF may spell any character as #xx (`/J#61vaScript`); decoded before comparing.
const PDF_NAME = /\/([A-Za-z0-9#]+)/g;
const ACTIVE_PDF_NAMES = new Set(['JavaScript', 'JS', 'Launch']);
/** The longest name worth reading across a chunk's edge: `JavaScript` with every letter as #xx. */
const NAME_OVERLAP = 32;

/**
 * Finds active names in text that arrives in pieces: each piece is read with the end of the one
 * before, and a name that touches a piece's end waits for the next (it may go on there).
 */
class NameScanner {
  private carry = '';
  found = false;

  push(piece: string): void {
    if (this.found) return;
    const text = this.carry + piece;
    for (const match of text.matchAll(PDF_NAME)) {
      if ((match.index ?? 0) + match[0].length === text.length) break; // may go on in the next piece
      if (isActiveName(match[1] ?? '')) {
        this.found = true;
        return;
      }
    }
    this.carry = text.slice(-NAME_OVERLAP);
  }

  end(): boolean {
    if (!this.found) {
      const last = [...this.carry.matchAll(PDF_NAME)].at(-1);
      if (last && (last.index ?? 0) + last[0].length === this.carry.length)
        this.found = isActiveName(last[1] ?? '');
    }
    return this.found;
  }
}

function isActiveName(raw: string): boolean {
  const name = raw.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return ACTIVE_PDF_NAMES.has(name);
}

/** Feeds one compressed part to an inflater and reads what comes out as it comes, within a budget. */
class InflatedPart {
  private readonly done: Promise<void>;
  private failed = false;

  constructor(
    private readonly inflater: Inflate | InflateRaw,
    budget: { left: number },
    read: (piece: Buffer) => void,
  ) {
    inflater.on('data', (piece: Buffer) => {
      budget.left -= piece.length;
      if (budget.left < 0) inflater.destroy(new Error('over the inflate budget'));
      else read(piece);
    });
    this.done = new Promise((resolve) => {
      inflater.once('end', resolve);
      // `on`, not `once`: a write that races a destroy emits a second error, which must not throw.
      inflater.on('error', () => {
        this.failed = true;
        resolve();
      });
      inflater.once('close', resolve);
    });
  }

  /** False once the part failed or went over the budget: what is left of it is not read. */
  get accepting(): boolean {
    return !this.failed && !this.inflater.destroyed;
  }

  /**
   * Gives the inflater more input and waits until it has taken all of it in, so `bytes` may be
   * reused after (the chunks of `chunksOf` are), and no more than one chunk waits in it.
   */
  async write(bytes: Buffer): Promise<void> {
    if (!this.accepting || bytes.length === 0) return;
    await new Promise<void>((resolve) => {
      const settle = () => {
        this.inflater.off('close', settle);
        resolve();
      };
      this.inflater.on('close', settle);
      this.inflater.write(bytes, settle);
    });
  }

  /** Ends the input; answers false when the part could not be inflated (or went over the budget). */
  async end(): Promise<boolean> {
    if (!this.failed) this.inflater.end();
    await this.done;
    return !this.failed;
  }
}

const STREAM_START = /stream\r?\n/g;
const STREAM_END = 'endstream';

/**
 * True when the PDF names JavaScript or a launch action, in its objects or inside its compressed
 * streams (object streams can hold the dictionaries that name them). One pass over the file: the
 * raw bytes are read for names; the bytes between `stream` and `endstream` also go to an inflater
 * whose output is read the same way (a stream that is not deflated, an image or a font, fails to
 * inflate and holds nothing to read).
 */
export async function pdfHasActiveContent(filePath: string): Promise<boolean> {
  const raw = new NameScanner();
  const budget = { left: MAX_INFLATED_BYTES };
  let inflated: NameScanner | null = null;
  let part: InflatedPart | null = null;
  // Text held back because it may be the start of a marker that ends in the next chunk.
  let pending = '';

  const closePart = async () => {
    if (!part || !inflated) return false;
    await part.end();
    const found = inflated.end();
    part = null;
    inflated = null;
    return found;
  };

  for await (const chunk of chunksOf(filePath)) {
    const piece = chunk.toString('latin1');
    raw.push(piece);
    if (raw.found) break;
    let text = pending + piece;
    pending = '';
    while (text.length > 0) {
      if (part) {
        const end = text.indexOf(STREAM_END);
        if (end < 0) {
          // All but what could be the start of `endstream` goes to the inflater now.
          const keep = Math.min(text.length, STREAM_END.length - 1);
          // An image or a font fails to inflate at once: its megabytes are not copied for nothing.
          if (part.accepting) await part.write(Buffer.from(text.slice(0, text.length - keep), 'latin1'));
          pending = text.slice(text.length - keep);
          break;
        }
        if (part.accepting) await part.write(Buffer.from(text.slice(0, end), 'latin1'));
        if (await closePart()) return true;
        text = text.slice(end + STREAM_END.length);
        continue;
      }
      STREAM_START.lastIndex = 0;
      const start = STREAM_START.exec(text);
      if (!start) {
        pending = text.slice(-('stream\r\n'.length - 1));
        break;
      }
      if (budget.left > 0) {
        const scanner = new NameScanner();
        inflated = scanner;
        part = new InflatedPart(createInflate(), budget, (out) => scanner.push(out.toString('latin1')));
      } else {
        // Over the budget: what is left of the file is read for names, not inflated.
        part = new InflatedPart(createInflate(), { left: -1 }, () => undefined);
        inflated = new NameScanner();
      }
      text = text.slice(start.index + start[0].length);
    }
  }
  if (raw.found) {
    await closePart();
    return true;
  }
  if (await closePart()) return true;
  return raw.end();
}

/** The XML parts of a zip (a DOCX) from its central directory; null when it does not parse. */
async function zipXmlEntries(
  reader: FileReader,
): Promise<{ method: number; start: number; end: number }[] | null> {
  // The end-of-central-directory record: 22 bytes, after at most a 65,535-byte comment.
  const tailLength = Math.min(reader.size, 22 + 0xffff);
  const tail = await reader.bytes(reader.size - tailLength, tailLength);
  if (!tail) return null;
  const at = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0 || at + 22 > tail.length) return null;
  const count = tail.readUInt16LE(at + 10);
  let offset = tail.readUInt32LE(at + 16);
  const entries: { method: number; start: number; end: number }[] = [];
  for (let entry = 0; entry < count; entry++) {
    const header = await reader.bytes(offset, 46);
    if (header?.readUInt32LE(0) !== 0x02014b50) return null;
    const method = header.readUInt16LE(10);
    const compressedSize = header.readUInt32LE(20);
    const nameLength = header.readUInt16LE(28);
    const localHeader = header.readUInt32LE(42);
    const nameBytes = await reader.bytes(offset + 46, nameLength);
    if (!nameBytes) return null;
    offset += 46 + nameLength + header.readUInt16LE(30) + header.readUInt16LE(32);
    if (!/\.(xml|rels)$/i.test(nameBytes.toString('utf8'))) continue;
    const local = await reader.bytes(localHeader, 30);
    if (local?.readUInt32LE(0) !== 0x04034b50) return null;
    const start = localHeader + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (method !== 0 && method !== 8) return null;
    entries.push({ method, start, end: Math.min(start + compressedSize, reader.size) });
  }
  return entries;
}

const XML_DECLARATION = /<!DOCTYPE|<!ENTITY/i;

/** True when an XML part of the DOCX has a DOCTYPE or declares entities (XXE), or it cannot be read. */
export async function docxDeclaresEntities(filePath: string): Promise<boolean> {
  const entries = await withReader(filePath, zipXmlEntries);
  if (!entries) return true;
  const budget = { left: MAX_INFLATED_BYTES };
  for (const { method, start, end } of entries) {
    let carry = '';
    let declares = false;
    const read = (piece: Buffer) => {
      const text = carry + piece.toString('latin1');
      if (XML_DECLARATION.test(text)) declares = true;
      carry = text.slice(-'<!DOCTYPE'.length);
    };
    if (method === 0) {
      for await (const chunk of chunksOf(filePath, start, end)) read(chunk);
    } else {
      const part = new InflatedPart(createInflateRaw(), budget, read);
      for await (const chunk of chunksOf(filePath, start, end)) await part.write(chunk);
      // A part that cannot be inflated within the budget is refused, not passed.
      if (!(await part.end())) return true;
    }
    if (declares) return true;
  }
  return false;
}

async function sha256Of(filePath: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of chunksOf(filePath)) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** At most `limit` holders at once; the others wait in line, first come first served. */
export class Gate {
  private open: number;
  private readonly waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.open = limit;
  }

  async through<T>(work: () => Promise<T>): Promise<T> {
    if (this.open > 0) this.open--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.open++;
    }
  }
}

const checks = new Gate(CHECKS_AT_ONCE);

/**
 * Checks the received file at `filePath` (already of type `kind`) and, for a photo, removes its
 * EXIF in place. Answers the file's final size and sha256, or why it is refused. `received`: the
 * size and sha256 taken as the file arrived (UploadStore.receive), answered as they are when the
 * file is kept unchanged, so it is not read once more only to hash it.
 */
export function checkFileContent(
  kind: FileKind,
  filePath: string,
  received?: { size: number; sha256: string },
): Promise<ContentCheck> {
  return checks.through(async (): Promise<ContentCheck> => {
    if (kind === 'png') {
      const pixels = await pngPixels(filePath);
      if (pixels === null || pixels > MAX_IMAGE_PIXELS)
        return { ok: false, message: IMAGE_TOO_LARGE_MESSAGE };
    }
    if (kind === 'jpeg') {
      const stripped = await withReader(filePath, async (reader) => {
        const segments = await jpegSegments(reader);
        const pixels = segments ? await jpegFramePixels(reader, segments) : null;
        if (!segments || pixels === null || pixels > MAX_IMAGE_PIXELS) return 'too large' as const;
        return stripExifInPlace(filePath, reader, segments);
      });
      if (stripped === 'too large') return { ok: false, message: IMAGE_TOO_LARGE_MESSAGE };
      if (stripped) return { ok: true, ...stripped };
    }
    if (kind === 'pdf' && (await pdfHasActiveContent(filePath)))
      return { ok: false, message: ACTIVE_PDF_MESSAGE };
    if (kind === 'docx' && (await docxDeclaresEntities(filePath)))
      return { ok: false, message: DOCX_ENTITIES_MESSAGE };
    if (received) return { ok: true, size: received.size, sha256: received.sha256 };
    return { ok: true, ...(await sha256Of(filePath)) };
  });
}
