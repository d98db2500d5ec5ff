/**
 * Frees the pieces of request bodies already written to disk (ADR 0080).
 *
 * Node's HTTP parser hands each piece of a body to JavaScript as a new buffer, a copy of one
 * socket read (up to 64 KiB), whose memory is freed only when V8 collects the small object that
 * owns it. V8 collects its young generation when its own heap fills, which a stream of large
 * buffers hardly touches, and everything once buffers have grown by 64 MiB since the last full
 * collection: twenty uploads at once therefore left 60 to 100 MiB of pieces already on disk in
 * the process, in bare Node as in the api (bench/README.md, "Uploads in bounded memory"), and the
 * allocator keeps what it once held.
 *
 * So every `COLLECT_EVERY_BYTES` received the young generation is collected (under a millisecond
 * to a few), which frees the pieces while they are young. What is alive at two of these
 * collections (the requests' own objects, a piece waiting for the disk) moves to the old
 * generation and stays there, as garbage, until a full collection: every
 * `FULL_COLLECTION_EVERY`-th one is full (256 MiB received; tens of milliseconds).
 *
 * It needs V8's `gc` function, which Node gives only when started with `--expose-gc` (the api's
 * flags: scripts/lib/apps.mjs, `npm start -w api`); without it this does nothing.
 */

/** Bytes received between two collections. */
export const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
/** One collection in this many is a full one. */
export const FULL_COLLECTION_EVERY = 64;

type Collect = (options: { type: 'minor' | 'major' }) => void;

export class BodyGarbage {
  private sinceLast = 0;
  private collections = 0;

  constructor(
    private readonly collect: Collect | undefined = (globalThis as { gc?: Collect }).gc,
    private readonly everyBytes = COLLECT_EVERY_BYTES,
    private readonly fullEvery = FULL_COLLECTION_EVERY,
  ) {}

  /** True when collections run (the process has V8's `gc`). */
  get active(): boolean {
    return this.collect !== undefined;
  }

  /** Counts `bytes` of a body received; collects when enough arrived since the last time. */
  received(bytes: number): void {
    if (!this.collect) return;
    this.sinceLast += bytes;
    if (this.sinceLast < this.everyBytes) return;
    this.sinceLast = 0;
    this.collections = (this.collections + 1) % this.fullEvery;
    this.collect({ type: this.collections === 0 ? 'major' : 'minor' });
  }
}

/** The process's one counter: every upload adds to the same pile of garbage. */
export const bodyGarbage = new BodyGarbage();
