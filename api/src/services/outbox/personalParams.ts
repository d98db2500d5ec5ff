/**
 * The personal data of a message, read at send time (ADR 0078): an outbox row names the member,
 * the ticket's title, the words quoted and the staff named only by reference (`params.refs`, each
 * parameter's source by id), never by copy. The worker fills them in from the columns where they
 * live just before it renders the message, so an erased member is the pseudonym and a shielded
 * one the alias, exactly as the screens show them, and neither the table nor a backup of it holds
 * a sentence of theirs.
 *
 * A reference is a string: `member` (the ticket's member's name), `memberAsStaff` (their alias on
 * a shielded ticket, else their name), `submitter` and `submitterAsStaff` (the same of the name
 * typed on the ticket's form), `title` (the ticket's title), `words:{eventId}` (what an
 * entry of the ticket's history says), `author:{eventId}` and `authorAsStaff:{eventId}` (who wrote
 * it, a member as the member or as staff see them), `user:{id}` (a staff member's name),
 * `appeal:{id}` (an appeal's reason), `declined:{id}` (why a privacy request was declined),
 * `breachNotice:{id}` and `breachReport:{id}` (a breach's reviewed texts). A row without `refs`
 * (queued before them) is rendered with the parameters it carries.
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { aliasOf } from '../recusal/shielding';
import type { OutboxRow } from './outboxStore';

/** Where a message's parameter is read at send time. */
export type ParamRef =
  | 'member'
  | 'memberAsStaff'
  | 'submitter'
  | 'submitterAsStaff'
  | 'title'
  | `words:${number}`
  | `author:${number}`
  | `authorAsStaff:${number}`
  | `user:${number}`
  | `appeal:${number}`
  | `declined:${number}`
  | `breachNotice:${number}`
  | `breachReport:${number}`;

/** A message's references, by the parameter each fills. */
export type ParamRefs = Record<string, ParamRef>;

/** The ticket's member and title, read once for a row's references. */
interface TicketPart {
  title: string;
  name: string;
  submitter: string;
  alias: string | null;
}

async function ticketPart(db: AppDatabase, ticketId: number): Promise<TicketPart | null> {
  const [row] = rowsOf<{
    id: number;
    title: string;
    name: string;
    submitter: string | null;
    shield: boolean;
    alias: string | null;
  }>(
    await db.execute(sql`
      select t.id, t.title, u.full_name as name, t.submitter_name as submitter,
        t.shield_identity as shield, t.member_alias as alias
      from tickets t join users u on u.id = t.customer_id where t.id = ${ticketId}`),
  );
  if (!row) return null;
  return {
    title: row.title,
    name: row.name,
    submitter: row.submitter ?? row.name,
    alias: row.shield ? aliasOf({ id: Number(row.id), memberAlias: row.alias }) : null,
  };
}

async function one(db: AppDatabase, query: ReturnType<typeof sql>): Promise<string> {
  const [row] = rowsOf<{ value: string | null }>(await db.execute(query));
  return row?.value ?? '';
}

/** Who wrote a history entry: a member as the member (or, shielded, as staff) see them; staff by name. */
async function authorOf(
  db: AppDatabase,
  eventId: number,
  ticket: TicketPart | null,
  asStaff: boolean,
): Promise<string> {
  const [row] = rowsOf<{ role: string | null; name: string | null }>(
    await db.execute(sql`
      select c.actor_role as role, u.full_name as name
      from ticket_comments c left join users u on u.id = c.actor_id where c.id = ${eventId}`),
  );
  if (!row) return '';
  if (row.role === 'customer') return (asStaff ? ticket?.alias : null) ?? ticket?.name ?? '';
  return row.name ?? 'Staff';
}

async function referenced(db: AppDatabase, ref: string, ticket: () => Promise<TicketPart | null>) {
  const [kind, raw] = ref.split(':');
  const id = Number(raw);
  switch (kind) {
    case 'member':
      return (await ticket())?.name ?? '';
    case 'memberAsStaff': {
      const part = await ticket();
      return part?.alias ?? part?.name ?? '';
    }
    case 'submitter':
      return (await ticket())?.submitter ?? '';
    case 'submitterAsStaff': {
      const part = await ticket();
      return part?.alias ?? part?.submitter ?? '';
    }
    case 'title':
      return (await ticket())?.title ?? '';
    case 'words':
      return one(db, sql`select text as value from ticket_comments where id = ${id}`);
    case 'author':
    case 'authorAsStaff':
      return authorOf(db, id, await ticket(), kind === 'authorAsStaff');
    case 'user':
      return one(db, sql`select full_name as value from users where id = ${id}`);
    case 'appeal':
      return one(db, sql`select reason as value from ticket_appeals where id = ${id}`);
    case 'declined':
      return one(db, sql`select decline_reason as value from privacy_requests where id = ${id}`);
    case 'breachNotice':
      return one(db, sql`select member_notice as value from privacy_breaches where id = ${id}`);
    case 'breachReport':
      return one(db, sql`select board_report as value from privacy_breaches where id = ${id}`);
    default:
      return '';
  }
}

/**
 * The row with its references read: each parameter of `params.refs` filled from where it lives,
 * `refs` itself gone. A row without references is returned as it is.
 */
export async function withPersonalParams(db: AppDatabase, row: OutboxRow): Promise<OutboxRow> {
  const refs = row.params.refs;
  if (!refs || typeof refs !== 'object') return row;
  const ticketId = row.ticketId ?? (typeof row.params.ticketId === 'number' ? row.params.ticketId : null);
  let part: Promise<TicketPart | null> | undefined;
  const ticket = () => {
    part ??= ticketId === null ? Promise.resolve(null) : ticketPart(db, ticketId);
    return part;
  };
  const { refs: _refs, ...params } = row.params;
  for (const [name, ref] of Object.entries(refs as Record<string, unknown>)) {
    params[name] = typeof ref === 'string' ? await referenced(db, ref, ticket) : '';
  }
  return { ...row, params };
}
