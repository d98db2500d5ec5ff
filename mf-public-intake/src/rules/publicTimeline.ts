import type { TicketComment } from 'shared-contracts';

/**
 * What a member may read of a ticket's history (docs/architecture.md#conversation-and-notifications):
 * the public entries. The api already leaves internal notes out of every answer a key opens; the
 * page drops any that would come all the same, so a note can never be shown here.
 */
export function publicEntries(entries: readonly TicketComment[] | null | undefined): TicketComment[] {
  return (entries ?? []).filter((entry) => entry.visibility !== 'internal');
}

/** The ticket's latest public entry (what /tickets/{userId} shows under each ticket), or null. */
export function lastPublicEntry(entries: readonly TicketComment[] | null | undefined): TicketComment | null {
  const visible = publicEntries(entries);
  return visible[visible.length - 1] ?? null;
}

/** Who wrote an entry, as the member reads it: the name the api gives, or the help desk itself. */
export function entryAuthor(entry: Pick<TicketComment, 'actionBy'>, helpDesk: string): string {
  return entry.actionBy?.trim() || helpDesk;
}
