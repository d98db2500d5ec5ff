/**
 * The ticket history's one writer and one reader (docs/architecture.md#history-as-events, ADR 0045).
 *
 * An entry is an event: a `kind` of HISTORY_VALUES (shared-contracts), its `values` checked
 * against that kind's schema (ids, dates, numbers, codes), the actor's id, and only the words a
 * person wrote as text. Reading resolves the ids the values name (people, cities, committees, an
 * appeal) in one query per table for all the entries read, so every answer names people as they
 * are now: a renamed or erased person is renamed or erased in every entry.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  englishHistoryText,
  HISTORY_VALUES,
  type HistoryKind,
  type HistoryValues,
  type Role,
  type ShownHistoryValues,
  SYSTEM_HISTORY_KINDS,
  type TicketAttachment,
  type TicketComment,
  type TicketStatus,
  transferPlaces,
  WORDS_ONLY_HISTORY_KINDS,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { attachments, cities, committees, ticketAppeals, ticketComments, users } from '../../db/schema';

/** Who acted: a person by id and the role they acted in; null for the system (the clock, a closing). */
export interface HistoryActor {
  id: number | null;
  role: Role | null;
}

/** An entry to write; its values are checked against its kind's schema when written. */
export interface NewHistoryEntry<K extends HistoryKind = HistoryKind> {
  ticketId: number;
  kind: K;
  values?: HistoryValues<K>;
  /** The workflow step the entry records (`approve`, `reply`, `escalation`): its answers' `action`. */
  action: string;
  actor: HistoryActor | null;
  /** What a person wrote: a reply, a comment, a reason. Never a sentence of the api's own. */
  words?: string | null;
  statusAfter?: TicketStatus | null;
  assigneeAfter?: string | null;
  visibility?: 'public' | 'internal';
  /** The api clock's now; the database's when absent. */
  at?: Date;
}

/**
 * Appends an entry in the caller's transaction. Values that do not fit their kind, or words on an
 * entry of the system's own, are a programming error: thrown, so the change rolls back.
 */
export async function recordHistory<K extends HistoryKind>(
  tx: AppDatabase,
  entry: NewHistoryEntry<K>,
): Promise<typeof ticketComments.$inferSelect> {
  const values = HISTORY_VALUES[entry.kind].parse(entry.values ?? {});
  const words = entry.words?.trim() || null;
  if (words && SYSTEM_HISTORY_KINDS.includes(entry.kind)) {
    throw new Error(`A ${entry.kind} history entry carries no words`);
  }
  const [row] = await tx
    .insert(ticketComments)
    .values({
      ticketId: entry.ticketId,
      kind: entry.kind,
      values,
      action: entry.action,
      text: words,
      actorId: entry.actor?.id ?? null,
      actorRole: entry.actor?.role ?? null,
      statusAfter: entry.statusAfter ?? null,
      assigneeAfter: (entry.assigneeAfter ?? null) as typeof ticketComments.$inferInsert.assigneeAfter,
      visibility: entry.visibility ?? 'public',
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .returning();
  if (!row) throw new Error('insert returned no history entry');
  return row;
}

type StoredEntry = typeof ticketComments.$inferSelect & { actorName: string | null };

/** The names the values of some entries refer to, read in one query per table. */
export interface Names {
  people: Map<number, string>;
  cities: Map<number, string>;
  committees: Map<number, string>;
  appeals: Map<number, string>;
}

const PEOPLE_FIELDS = ['userId', 'actingForId', 'toUserId'] as const;
const CITY_FIELDS = ['fromCityId', 'toCityId'] as const;
const COMMITTEE_FIELDS = ['fromCommitteeId', 'toCommitteeId'] as const;

function idsOf(entries: StoredEntry[], fields: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const entry of entries)
    for (const field of fields) {
      const value = entry.values[field];
      if (typeof value === 'number') ids.add(value);
    }
  return [...ids];
}

async function namesOf(db: AppDatabase, entries: StoredEntry[]): Promise<Names> {
  const lookup = async (ids: number[], read: (ids: number[]) => Promise<{ id: number; name: string }[]>) =>
    new Map(ids.length ? (await read(ids)).map((row) => [row.id, row.name] as const) : []);
  const [people, cityNames, committeeNames, appeals] = await Promise.all([
    lookup(idsOf(entries, PEOPLE_FIELDS), (ids) =>
      db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids)),
    ),
    lookup(idsOf(entries, CITY_FIELDS), (ids) =>
      db.select({ id: cities.id, name: cities.name }).from(cities).where(inArray(cities.id, ids)),
    ),
    lookup(idsOf(entries, COMMITTEE_FIELDS), (ids) =>
      db
        .select({ id: committees.id, name: committees.name })
        .from(committees)
        .where(inArray(committees.id, ids)),
    ),
    lookup(idsOf(entries, ['appealId']), (ids) =>
      db
        .select({ id: ticketAppeals.id, name: ticketAppeals.reason })
        .from(ticketAppeals)
        .where(inArray(ticketAppeals.id, ids)),
    ),
  ]);
  return { people, cities: cityNames, committees: committeeNames, appeals };
}

/** The kinds whose sentence quotes their words as a comment (a chain step's, a rating's); the others' are a reason. */
const COMMENTED_KINDS: ReadonlySet<string> = new Set([
  'ticket.approved',
  'ticket.rejected',
  'ticket.resolved',
  'ticket.reviewed',
  'member.rated',
]);

/** The name an entry's words go by among its values (none for a reply or a note: they are the text). */
const wordsName = (kind: string) =>
  (WORDS_ONLY_HISTORY_KINDS as readonly string[]).includes(kind)
    ? null
    : COMMENTED_KINDS.has(kind)
      ? 'comment'
      : 'reason';

/** The stored values with what they name resolved for the reader, and the entry's words. */
function shownValues(entry: StoredEntry, names: Names): ShownHistoryValues {
  const stored = entry.values as Record<string, string | number | null>;
  const shown: Record<string, string | number | null> = { ...stored };
  const id = (field: string) => (typeof stored[field] === 'number' ? (stored[field] as number) : null);
  if ('userId' in stored) shown.name = names.people.get(id('userId') ?? 0) ?? null;
  if (id('actingForId') != null) shown.actingFor = names.people.get(id('actingForId') ?? 0) ?? null;
  if ('toUserId' in stored) shown.toName = names.people.get(id('toUserId') ?? 0) ?? null;
  if (entry.kind === 'ticket.transferred') {
    const places = transferPlaces(
      {
        city: names.cities.get(id('fromCityId') ?? 0) ?? '',
        committee: names.committees.get(id('fromCommitteeId') ?? 0) ?? null,
        cityId: id('fromCityId') ?? 0,
        committeeId: id('fromCommitteeId'),
      },
      {
        city: names.cities.get(id('toCityId') ?? 0) ?? '',
        committee: names.committees.get(id('toCommitteeId') ?? 0) ?? '',
        cityId: id('toCityId') ?? 0,
        committeeId: id('toCommitteeId') ?? 0,
      },
    );
    shown.from = places.from;
    shown.to = places.to;
  }
  if (id('appealId') != null) shown.appeal = names.appeals.get(id('appealId') ?? 0) ?? '';
  const words = wordsName(entry.kind);
  if (words && entry.text != null) shown[words] = entry.text;
  return shown;
}

/** The history entries of the tickets, oldest first, by ticket, each with its visibility and file. */
export async function readHistory(
  db: AppDatabase,
  ids: number[],
  toAttachment: (row: typeof attachments.$inferSelect) => TicketAttachment,
): Promise<Map<number, TicketComment[]>> {
  const rows = await db
    .select({
      entry: ticketComments,
      // A person is named as they are now (ADR 0045); `action_by` only for rows without an actor id.
      actorName: sql<string | null>`coalesce(${users.fullName}, ${ticketComments.actionBy})`,
      file: attachments,
    })
    .from(ticketComments)
    .leftJoin(users, eq(users.id, ticketComments.actorId))
    .leftJoin(attachments, eq(attachments.commentId, ticketComments.id))
    .where(inArray(ticketComments.ticketId, ids))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  const entries = rows.map((row) => ({ ...row.entry, actorName: row.actorName }));
  const names = await namesOf(db, entries);
  const lists = new Map<number, TicketComment[]>();
  rows.forEach(({ file }, index) => {
    const entry = entries[index] as StoredEntry;
    const comment = historyAnswer(entry, names, file ? toAttachment(file) : null);
    const list = lists.get(entry.ticketId);
    if (list) list.push(comment);
    else lists.set(entry.ticketId, [comment]);
  });
  return lists;
}

/** No names to resolve: for an entry whose values name nobody (a reply, a note). */
export const NO_NAMES: Names = {
  people: new Map(),
  cities: new Map(),
  committees: new Map(),
  appeals: new Map(),
};

/** A stored entry as every answer carries it: the event, its values as the reader sees them, its English. */
export function historyAnswer(
  entry: StoredEntry,
  names: Names,
  attachment: TicketAttachment | null,
): TicketComment {
  const values = shownValues(entry, names);
  return {
    id: entry.id,
    actionBy: entry.actorName,
    actorRole: entry.actorRole,
    action: entry.action,
    kind: entry.kind,
    values,
    createdAt: entry.createdAt.toISOString(),
    text: englishHistoryText({
      kind: entry.kind,
      values,
      actorRole: entry.actorRole,
      text: entry.text ?? '',
    }),
    visibility: entry.visibility,
    attachment,
  };
}
