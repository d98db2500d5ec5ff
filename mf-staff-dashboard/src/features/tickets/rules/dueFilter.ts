/**
 * The list's due filter and order as the address carries them (`?due=overdue|soon`, `?sort=due`,
 * docs/architecture.md#time-and-service-levels). Anything else in the address is no
 * filter: a stale or edited link never breaks the list.
 */
import { type DueFilter, dueFilterSchema, type TicketSort, ticketSortSchema } from 'shared-contracts';

export const DUE_PARAM = 'due';
export const SORT_PARAM = 'sort';

/** The due filter a `?due=` value names, or null. */
export function dueFilterOf(value: string | null): DueFilter | null {
  const parsed = dueFilterSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The order a `?sort=` value names, or null (newest first). */
export function sortOf(value: string | null): TicketSort | null {
  const parsed = ticketSortSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
