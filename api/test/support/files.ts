import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under the folder, relative to it (none when the folder does not exist). */
export function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
