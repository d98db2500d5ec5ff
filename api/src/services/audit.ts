/**
 * The audit trail (ADR 0031, docs/security.md "Audit trail"): who (a signed-in user, or a private
 * link's key, and the client address) did what to which ticket or user, and when. Rows are only
 * ever inserted: the table's triggers refuse UPDATE, TRUNCATE, and DELETE of rows younger than a
 * year and a day (migration 0007). Reads of contact details and downloads are recorded after the
 * answer was read; changes right after they commit; a rotation in its own transaction.
 */
import { Readable } from 'node:stream';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type {
  AuditAction,
  AuditEntry,
  AuditFilter,
  AuditQuery,
  AuditTargetType,
} from 'shared-contracts/contracts';
import { AUDIT_PAGE_SIZE } from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../db/database';
import { auditLog, users } from '../db/schema';

/** Who did it: a signed-in user, or the holder of a private link's key; and from where. */
export interface AuditActor {
  userId: number | null;
  role: string | null;
  /**
   * `share:{ticketId}:{hash prefix}` or `member:{userId}:{hash prefix}` (linkKeys.ts `linkKeyId`), or
   * `outcome:{ticketId}:{expiry seconds}` (an outcome link, outcomeLinks.ts), or `api_token:{id}` (an
   * API token's use, or the step of the user a tickets:write token acts for, ADR 0063, 0079).
   */
  key: string | null;
  /** The client's address as the api sees it (X-Forwarded-For only from TRUST_PROXY). */
  address: string | null;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  /** What to keep beside the action: field names, the action's name, a file's name; never a secret. */
  detail?: Record<string, unknown>;
}

/** Appends one row (in the caller's transaction when given one). */
export async function recordAudit(db: Writer, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: record.actor.userId,
    actorRole: record.actor.role,
    actorKey: record.actor.key,
    clientAddress: record.actor.address,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    detail: record.detail ? JSON.stringify(record.detail) : null,
  });
}

/** The filters as one condition. Days are whole UTC days, `to` included. */
function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.actor === undefined ? undefined : eq(auditLog.actorUserId, filter.actor),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.ticket === undefined
      ? undefined
      : and(eq(auditLog.targetType, 'ticket'), eq(auditLog.targetId, filter.ticket)),
    filter.user === undefined
      ? undefined
      : and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, filter.user)),
    filter.from === undefined
      ? undefined
      : gte(auditLog.at, sql`${filter.from}::date::timestamp at time zone 'UTC'`),
    filter.to === undefined
      ? undefined
      : lt(auditLog.at, sql`(${filter.to}::date + 1)::timestamp at time zone 'UTC'`),
  ];
  return and(...conditions);
}

const ENTRY_COLUMNS = {
  id: auditLog.id,
  at: auditLog.at,
  actorUserId: auditLog.actorUserId,
  actorName: users.fullName,
  actorRole: auditLog.actorRole,
  actorKey: auditLog.actorKey,
  clientAddress: auditLog.clientAddress,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  detail: auditLog.detail,
};

type EntryRow = {
  [K in keyof typeof ENTRY_COLUMNS]: K extends 'at' ? Date : K extends 'actorName' ? string | null : unknown;
};

function toEntry(row: EntryRow): AuditEntry {
  return { ...(row as unknown as AuditEntry), at: row.at.toISOString() };
}

/** One page of the trail, newest first, and how many entries match. */
export async function listAudit(
  db: AppDatabase,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = whereOf(query);
  const pageSize = query.pageSize ?? AUDIT_PAGE_SIZE;
  const page = query.page ?? 1;
  const [rows, [counted]] = await Promise.all([
    db
      .select(ENTRY_COLUMNS)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map((row) => toEntry(row as EntryRow)), total: counted?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// CSV export

const CSV_COLUMNS: { header: string; value: (entry: AuditEntry) => string | number | null }[] = [
  { header: 'id', value: (entry) => entry.id },
  { header: 'at', value: (entry) => entry.at },
  { header: 'actor_user_id', value: (entry) => entry.actorUserId },
  { header: 'actor_name', value: (entry) => entry.actorName },
  { header: 'actor_role', value: (entry) => entry.actorRole },
  { header: 'actor_key', value: (entry) => entry.actorKey },
  { header: 'client_address', value: (entry) => entry.clientAddress },
  { header: 'action', value: (entry) => entry.action },
  { header: 'target_type', value: (entry) => entry.targetType },
  { header: 'target_id', value: (entry) => entry.targetId },
  { header: 'detail', value: (entry) => entry.detail },
];

/**
 * One CSV cell (RFC 4180 quoting). A text that a spreadsheet would read as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so a name or a file
 * name typed by a member cannot run in the admin's spreadsheet (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Rows read per round trip of the export. */
const EXPORT_BATCH = 500;

/**
 * Every entry matching the filter as CSV, newest first: UTF-8 with a byte order mark (so a
 * spreadsheet reads names in any script correctly), read in batches by id so memory stays flat
 * however long the trail is.
 */
export function auditCsvStream(db: AppDatabase, filter: AuditFilter): Readable {
  const where = whereOf(filter);
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(CSV_COLUMNS.map((column) => column.header))}`;
    let before: number | null = null;
    for (;;) {
      const rows = await db
        .select(ENTRY_COLUMNS)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
        .orderBy(desc(auditLog.id))
        .limit(EXPORT_BATCH);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) {
        const entry = toEntry(row as EntryRow);
        chunk += csvLine(CSV_COLUMNS.map((column) => column.value(entry)));
      }
      yield chunk;
      before = rows[rows.length - 1]?.id ?? null;
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(lines());
}
