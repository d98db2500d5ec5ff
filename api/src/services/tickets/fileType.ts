/**
 * What an uploaded file really is, from its first bytes (and, for a .docx, its zip directory),
 * not from the name or the type the browser claims. Only the types of docs/product.md#validation pass (pdf, doc,
 * docx, jpg/jpeg, png), and the extension must agree with the bytes: an .exe renamed .png is
 * refused.
 */
import { open } from 'node:fs/promises';
import { fileExtension } from 'shared-contracts/contracts';

export type FileKind = 'pdf' | 'doc' | 'docx' | 'jpeg' | 'png';

export interface DetectedType {
  kind: FileKind;
  /** The content type the file is served with. */
  contentType: string;
  /** The extension of the stored name (with its dot). */
  extension: string;
}

const TYPES: Record<FileKind, DetectedType> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf', extension: '.pdf' },
  doc: { kind: 'doc', contentType: 'application/msword', extension: '.doc' },
  docx: {
    kind: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: '.docx',
  },
  jpeg: { kind: 'jpeg', contentType: 'image/jpeg', extension: '.jpg' },
  png: { kind: 'png', contentType: 'image/png', extension: '.png' },
};

/** Which kinds each accepted extension may hold. */
const KIND_OF_EXTENSION: Record<string, FileKind> = {
  '.pdf': 'pdf',
  '.doc': 'doc',
  '.docx': 'docx',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
};

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 16;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const startsWith = (head: Buffer, magic: Buffer) =>
  head.length >= magic.length && head.subarray(0, magic.length).equals(magic);

/** The kind the leading bytes show (a zip counts as docx only once `isWordZip` agrees). */
export function sniff(head: Buffer): FileKind | null {
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, OLE2)) return 'doc';
  if (startsWith(head, ZIP)) return 'docx';
  return null;
}

// A Word document's zip directory names `word/document.xml`; the directory sits at the end of the
// file, in its last few KiB for any real document (the comment field adds at most 64 KiB).
const WORD_ENTRY = Buffer.from('word/document.xml', 'latin1');
const ZIP_TAIL_BYTES = 256 * 1024;

/** True when the zip at `filePath` (`size` bytes) is a Word document. */
async function isWordZip(filePath: string, size: number): Promise<boolean> {
  const length = Math.min(size, ZIP_TAIL_BYTES);
  const handle = await open(filePath, 'r');
  try {
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    return tail.includes(WORD_ENTRY);
  } finally {
    await handle.close();
  }
}

/**
 * The type of the stored file, or null when it is not one the help desk accepts or its bytes do
 * not match its name's extension.
 */
export async function detectFileType(
  originalName: string,
  head: Buffer,
  filePath: string,
  size: number,
): Promise<DetectedType | null> {
  const claimed = KIND_OF_EXTENSION[fileExtension(originalName)];
  const kind = sniff(head);
  if (!claimed || kind !== claimed) return null;
  if (kind === 'docx' && !(await isWordZip(filePath, size))) return null;
  return TYPES[kind];
}

/** The type of a stored file by its kind, e.g. for a row written before a type was recorded. */
export function typeOf(kind: FileKind): DetectedType {
  return TYPES[kind];
}

const MAX_NAME_LENGTH = 200;

/**
 * The original name as it is kept and later offered on download: without any folder part, control
 * characters or leading dots, at most 200 characters (the extension kept). Empty: `attachment`.
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+/, '');
  if (!base) return 'attachment';
  if (base.length <= MAX_NAME_LENGTH) return base;
  const extension = fileExtension(base);
  return `${base.slice(0, MAX_NAME_LENGTH - extension.length)}${extension}`;
}

/**
 * `Content-Disposition: attachment` with the original name: an ASCII fallback in `filename` and
 * the exact name in `filename*` (RFC 6266 / RFC 5987, UTF-8).
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
