import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRANSITIONS } from './transitions';

const doc = readFileSync(path.join(__dirname, '../../../docs/workflow.md'), 'utf8');
/** The rows of every markdown table in the page, as trimmed cells. */
const rows = doc
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

describe('docs/workflow.md shows the table the code enforces', () => {
  it.each(TRANSITIONS.map((row) => [`${row.actors.join(', ')} ${row.action}`, row] as const))(
    '%s',
    (_name, row) => {
      expect(rows).toContainEqual([
        row.actors.join(', '),
        row.action,
        row.guards.join(', '),
        row.when,
        row.effect,
      ]);
    },
  );
});
