import { normaliseRole } from 'shared-contracts';

/** docs/product.md#roles role badge colours as Mantine colours ("info" is cyan). */
const COLORS: Record<string, string> = {
  admin: 'red',
  credaipresident: 'blue',
  citypresident: 'green',
  observer: 'cyan',
  convenor: 'yellow',
};

/** Admin red, Credai President blue, City President green, Observer info, Convenor yellow, others grey. */
export function roleBadgeColor(role: string | null | undefined): string {
  return COLORS[normaliseRole(role)] ?? 'gray';
}
