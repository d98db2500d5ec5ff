/**
 * What is inside an accepted file, beyond its type (fileType.ts): images whose pixel count would
 * exhaust a viewer's memory, PDFs that carry JavaScript or launch actions, Word files whose XML
 * declares entities (external entities read files or URLs in the parser that opens them), and the
 * EXIF block of a photo (it can hold the place it was taken and the device), which is removed.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { inflateRawSync, inflateSync } from 'node:zlib';
import type { FileKind } from './fileType';

/** The largest image accepted: 40 megapixels (a 48 MP phone photo is 8000 × 6000; 40 MP decodes to 160 MB). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What the inflated streams of one PDF or the XML parts of one DOCX may add up to (zip bombs). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export const IMAGE_TOO_LARGE_MESSAGE = `Images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
export const ACTIVE_PDF_MESSAGE = 'PDF files with JavaScript or launch actions are not allowed';
export const DOCX_ENTITIES_MESSAGE = 'Word files that declare XML entities are not allowed';

export type ContentCheck = { ok: true; size: number; sha256: string } | { ok: false; message: string };

/** Width × height of a PNG (its IHDR chunk), or null when the header is not there. */
export function pngPixels(bytes: Buffer): number | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return bytes.readUInt32BE(16) * bytes.readUInt32BE(20);
}

interface JpegSegment {
  marker: number;
  start: number;
  end: number;
}

/** The marker segments of a JPEG up to its image data (SOS), or null when they do not parse. */
function jpegSegments(bytes: Buffer): JpegSegment[] | null {
  const segments: JpegSegment[] = [];
  let offset = 2; // after SOI
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    segments.push({ marker, start: offset, end });
    if (marker === 0xda) return segments; // start of scan: the rest is image data
    offset = end;
  }
  return null;
}

const START_OF_FRAME = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** Width × height of a JPEG (its start-of-frame segment), or null. */
export function jpegPixels(bytes: Buffer): number | null {
  const frame = jpegSegments(bytes)?.find((segment) => START_OF_FRAME.has(segment.marker));
  if (!frame || frame.end - frame.start < 9) return null;
  return bytes.readUInt16BE(frame.start + 5) * bytes.readUInt16BE(frame.start + 7);
}

/** The JPEG without its APP1 segments (EXIF and XMP: place, time, device), or null when unchanged. */
export function withoutExif(bytes: Buffer): Buffer | null {
  const segments = jpegSegments(bytes);
  if (!segments) return null;
  const app1 = segments.filter((segment) => segment.marker === 0xe1);
  if (app1.length === 0) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let from = 2;
  for (const segment of app1) {
    kept.push(bytes.subarray(from, segment.start));
    from = segment.end;
  }
  kept.push(bytes.subarray(from));
  return Buffer.concat(kept);
}

// A name in a PDF may spell any character as #xx (`/J#61vaScript`); decoded before comparing.
const PDF_NAME = /\/([A-Za-z0-9#]+)/g;
const ACTIVE_PDF_NAMES = new Set(['JavaScript', 'JS', 'Launch']);

function namesActiveContent(text: string): boolean {
  for (const match of text.matchAll(PDF_NAME)) {
    const name = (match[1] ?? '').replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (ACTIVE_PDF_NAMES.has(name)) return true;
  }
  return false;
}

/**
 * True when the PDF names JavaScript or a launch action, in its objects or inside its compressed
 * streams (object streams can hold the dictionaries that name them).
 */
export function pdfHasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (namesActiveContent(text)) return true;
  let inflated = 0;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const data = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: MAX_INFLATED_BYTES - inflated,
      });
      inflated += data.length;
      if (namesActiveContent(data.toString('latin1'))) return true;
    } catch {
      // Not a deflated stream (an image, a font), or one over the budget: nothing to read there.
    }
    streams.lastIndex = end;
  }
  return false;
}

/** The XML parts of a zip (a DOCX), inflated, from its central directory; null when it does not parse. */
function zipXmlParts(bytes: Buffer): Buffer[] | null {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const parts: Buffer[] = [];
  let inflated = 0;
  for (let entry = 0; entry < count; entry++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localHeader = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (!/\.(xml|rels)$/i.test(name)) continue;
    if (localHeader + 30 > bytes.length || bytes.readUInt32LE(localHeader) !== 0x04034b50) return null;
    const dataStart =
      localHeader + 30 + bytes.readUInt16LE(localHeader + 26) + bytes.readUInt16LE(localHeader + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) {
      parts.push(data);
    } else if (method === 8) {
      const part = inflateRawSync(data, { maxOutputLength: MAX_INFLATED_BYTES - inflated });
      inflated += part.length;
      parts.push(part);
    } else {
      return null;
    }
  }
  return parts;
}

/** True when an XML part of the DOCX has a DOCTYPE or declares entities (XXE), or it cannot be read. */
export function docxDeclaresEntities(bytes: Buffer): boolean {
  let parts: Buffer[] | null;
  try {
    parts = zipXmlParts(bytes);
  } catch {
    return true; // a part that cannot be inflated within the budget is refused, not passed
  }
  if (!parts) return true;
  return parts.some((part) => /<!DOCTYPE|<!ENTITY/i.test(part.toString('utf8')));
}

/**
 * Checks the received file at `filePath` (already of type `kind`) and, for a photo, removes its
 * EXIF in place. Answers the file's final size and sha256, or why it is refused.
 */
export async function checkFileContent(kind: FileKind, filePath: string): Promise<ContentCheck> {
  let bytes: Buffer = await readFile(filePath);
  if (kind === 'png' || kind === 'jpeg') {
    const pixels = kind === 'png' ? pngPixels(bytes) : jpegPixels(bytes);
    if (pixels === null || pixels > MAX_IMAGE_PIXELS) return { ok: false, message: IMAGE_TOO_LARGE_MESSAGE };
  }
  if (kind === 'jpeg') {
    const stripped = withoutExif(bytes);
    if (stripped) {
      await writeFile(filePath, stripped);
      bytes = stripped;
    }
  }
  if (kind === 'pdf' && pdfHasActiveContent(bytes)) return { ok: false, message: ACTIVE_PDF_MESSAGE };
  if (kind === 'docx' && docxDeclaresEntities(bytes)) return { ok: false, message: DOCX_ENTITIES_MESSAGE };
  return { ok: true, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
