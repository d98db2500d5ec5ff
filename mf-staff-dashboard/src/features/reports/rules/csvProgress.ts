/**
 * The progress of a streamed CSV export (docs/architecture.md#reports): the
 * body arrives in chunks; the page shows the bytes and the rows received so far. Rows are counted
 * as the file's records, not its lines: a quoted cell (a ticket's description) may hold line
 * breaks, so a line break inside quotes ends no record.
 */

const QUOTE = 0x22;
const NEWLINE = 0x0a;

export interface CsvProgress {
  bytes: number;
  /** The records after the header line, complete ones only. */
  rows: number;
}

/** Counts the records of a CSV body chunk by chunk; a quote may open in one chunk and close in the next. */
export class CsvRecordCounter {
  private quoted = false;
  private lines = 0;
  bytes = 0;

  add(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength;
    for (const byte of chunk) {
      // A doubled quote inside a quoted cell toggles twice: the state comes back to quoted.
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (byte === NEWLINE && !this.quoted) this.lines += 1;
    }
  }

  progress(): CsvProgress {
    // The first record is the header.
    return { bytes: this.bytes, rows: Math.max(0, this.lines - 1) };
  }
}
