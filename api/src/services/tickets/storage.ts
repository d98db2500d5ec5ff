/**
 * The attachment store (docs/architecture.md#security-decisions): files live in UPLOAD_DIR, outside any web root, under
 * random names, and leave it only through the download routes, which check who may see them.
 *
 *   UPLOAD_DIR/incoming/     files being received (`<random>.part`), never served
 *   UPLOAD_DIR/attachments/  stored attachments, `<random hex>.<ext>`
 *   UPLOAD_DIR/photos/       stored photos (same naming)
 *
 * A file is streamed to `incoming/` (never held in memory whole), checked, renamed into place, and
 * only then is its ticket row committed: a committed row always points at a complete file. A
 * failed submit removes its file; a process killed half-way can leave a file in `incoming/` or an
 * unreferenced one in place, which `sweep` removes (at start and now and then).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { attachments } from '../../db/schema';
import { bodyGarbage } from './bodyGarbage';
import { SNIFF_BYTES } from './fileType';

export type StoredKind = 'attachment' | 'photo';

const FOLDERS: Record<StoredKind, string> = { attachment: 'attachments', photo: 'photos' };
const INCOMING = 'incoming';

/** A stored name: 32 hex characters and one of the accepted extensions. */
export const STORED_NAME = /^[0-9a-f]{32}\.(pdf|docx?|jpe?g|png)$/;

/** A file received into `incoming/`. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for the type check. */
  head: Buffer;
  /** True when the stream stopped at the size limit (the file is larger than allowed). */
  truncated: boolean;
}

export class UploadStore {
  constructor(readonly root: string) {}

  private folder(kind: StoredKind): string {
    return path.join(this.root, FOLDERS[kind]);
  }

  async ensureFolders(): Promise<void> {
    await Promise.all(
      [INCOMING, ...Object.values(FOLDERS)].map((folder) =>
        mkdir(path.join(this.root, folder), { recursive: true }),
      ),
    );
  }

  /**
   * Streams `source` into a new file in `incoming/`, hashing it and keeping its first bytes.
   * `isTruncated` tells after the end whether the source stopped at its size limit (multipart's
   * `file.truncated`). On any failure the partial file is removed before the error is thrown.
   */
  async receive(source: Readable, isTruncated: () => boolean): Promise<ReceivedFile> {
    const tempPath = path.join(this.root, INCOMING, `${randomBytes(16).toString('hex')}.part`);
    const hash = createHash('sha256');
    // A copy of the first bytes, not a view: a view would keep the whole first piece alive.
    let head = Buffer.alloc(0);
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      // The pieces already hashed and on their way to the disk are garbage soon: freed young.
      bodyGarbage.received(chunk.length);
    });
    try {
      // flush: the data reaches the disk before the row that names it can commit.
      await pipeline(source, createWriteStream(tempPath, { flags: 'wx', flush: true }));
    } catch (error) {
      await this.discard(tempPath);
      throw error;
    }
    return {
      tempPath,
      size,
      sha256: hash.digest('hex'),
      head,
      truncated: isTruncated(),
    };
  }

  /** Moves a received file into place under a new random name with `extension`; returns the name. */
  async place(tempPath: string, kind: StoredKind, extension: string): Promise<string> {
    const storedName = `${randomBytes(16).toString('hex')}${extension}`;
    await rename(tempPath, path.join(this.folder(kind), storedName));
    return storedName;
  }

  /** Removes a file of `incoming/` (no error when it is gone). */
  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  /** Removes a stored file (no error when it is gone). */
  async remove(kind: StoredKind, storedName: string): Promise<void> {
    if (!STORED_NAME.test(storedName)) return;
    await rm(path.join(this.folder(kind), storedName), { force: true });
  }

  /** The stored file's path, or undefined for a name the store never gives out. */
  pathOf(kind: StoredKind, storedName: string): string | undefined {
    return STORED_NAME.test(storedName) ? path.join(this.folder(kind), storedName) : undefined;
  }

  /** A stream of the stored file and its size, or undefined when it is missing. */
  async open(
    kind: StoredKind,
    storedName: string,
  ): Promise<{ stream: ReadStream; size: number } | undefined> {
    const filePath = this.pathOf(kind, storedName);
    if (!filePath) return undefined;
    try {
      const info = await stat(filePath);
      if (!info.isFile()) return undefined;
      return { stream: createReadStream(filePath), size: info.size };
    } catch {
      return undefined;
    }
  }

  /**
   * Removes what a crash left behind: files in `incoming/`, and stored files no attachment row
   * names, when last changed more than `graceMs` ago (0: all of them, for a process that knows it
   * is alone). The grace protects the uploads of other instances still in progress. Returns how
   * many files it removed.
   */
  async sweep(db: AppDatabase, graceMs: number): Promise<number> {
    const cutoff = Date.now() - graceMs;
    let removed = 0;
    const old = async (filePath: string) => {
      try {
        return graceMs <= 0 || (await stat(filePath)).mtimeMs <= cutoff;
      } catch {
        return false;
      }
    };
    const incoming = path.join(this.root, INCOMING);
    for (const name of await listFiles(incoming)) {
      const filePath = path.join(incoming, name);
      if (await old(filePath)) {
        await rm(filePath, { force: true });
        removed++;
      }
    }
    for (const kind of Object.keys(FOLDERS) as StoredKind[]) {
      const folder = this.folder(kind);
      const names = await listFiles(folder);
      for (let start = 0; start < names.length; start += 500) {
        const batch = names.slice(start, start + 500);
        const known = new Set(
          (
            await db
              .select({ storedName: attachments.storedName })
              .from(attachments)
              .where(inArray(attachments.storedName, batch))
          ).map((row) => row.storedName),
        );
        for (const name of batch) {
          const filePath = path.join(folder, name);
          if (!known.has(name) && (await old(filePath))) {
            await rm(filePath, { force: true });
            removed++;
          }
        }
      }
    }
    return removed;
  }
}

async function listFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}
