/** Reading what a raw statement (`db.execute(sql`…`)`) answers, the same way on both drivers. */

/** The rows of a raw statement: both drivers (node-postgres, PGlite) answer it with `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** A PostgreSQL text[] as the drivers give it (an array, or its `{a,b}` text). */
export function textArray(value: string[] | string | null): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((item) => item.replace(/^"|"$/g, ''));
}
