import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ALERT_LEVELS,
  type AlertLevel,
  type Assignee,
  type AssistedChannel,
  type AuditTargetType,
  type ChapterCalendar,
  type HistoryKind,
  ROLES,
  type Role,
  SLA_STAGES,
  type SlaOverrides,
  type SlaSettings,
  type SlaStage,
  TICKET_STATUSES,
  type TicketStatus,
} from 'shared-contracts/contracts';

// Every time is a `timestamptz` (stored in UTC); every id an identity `integer` (MAX_ID in
// shared-contracts is the largest one a request may name). Nothing here is newer than PostgreSQL 15.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `lower(column)`: names and emails are unique whatever their case. */
const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;

/** Small facts about this installation, e.g. the generated demo secret. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The association's city chapters. `convenorId`: the chapter's chosen convenor (docs/architecture.md#workflow). */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    convenorId: integer('convenor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('cities_name_lower_unique').on(lower(table.name))],
);

export const committees = pgTable(
  'committees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('committees_name_lower_unique').on(lower(table.name))],
);

/** Which committees a city chapter runs (the submit form offers these for the chosen city). */
export const cityCommittees = pgTable(
  'city_committees',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.cityId, table.committeeId] }),
    index('city_committees_committee_idx').on(table.committeeId),
  ],
);

const roleList = sql.raw(ROLES.map((role) => `'${role}'`).join(', '));

/**
 * Staff and members. `email` is kept lowercase and unique whatever its case; `role` lowercase
 * (docs/product.md#roles); `cityId` names the user's city chapter (tickets and scoping join on it);
 * `committee` is free text (docs/product.md#data). `tokenVersion` is part of every token issued to the user:
 * raising it (deactivation, role, email or password change) revokes them all at once.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('customer'),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    committee: text('committee'),
    passwordHash: text('password_hash').notNull(),
    /**
     * Members only: sha256 of the secret in their private `/tickets/{id}#key=…` link
     * (docs/architecture.md#security-decisions); null until a submit creates the member, or once staff revoke it.
     */
    accessKeyHash: text('access_key_hash'),
    /**
     * When the member's key stops opening anything (MEMBER_KEY_LIFETIME_DAYS after it was issued,
     * docs/security.md "Links"); null when there is no key.
     */
    accessKeyExpiresAt: timestamp('access_key_expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    tokenVersion: integer('token_version').notNull().default(0),
    /** Members only: when their personal data was erased (ADR 0050); their name is then a pseudonym. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One staff account and one member record per email (any case): a submit with a staff
    // account's email is filed under a member record of its own, never under the staff account
    // (ADR 0030). Sign-in reads the staff account first.
    uniqueIndex('users_email_lower_unique').on(lower(table.email), sql`(${table.role} = 'customer')`),
    // One active city president per city, even when two admins save at the same moment.
    uniqueIndex('users_one_active_city_president')
      .on(table.cityId)
      .where(sql`${table.role} = 'citypresident' and ${table.isActive}`),
    index('users_role_city_idx').on(table.role, table.cityId),
    index('users_city_idx').on(table.cityId),
    // The ticket lists' `q` finds a member by their whole mobile number (ADR 0018); by email
    // through users_email_lower_unique.
    index('users_mobile_idx').on(table.mobile),
    check('users_role_check', sql`${table.role} in (${roleList})`),
  ],
);

/**
 * Counts per key in the current fixed window: sign-in attempts (`ip:…`, `account:…` per address
 * and account), the public ticket limits, and the general rate limit (`rate:…`) when it is kept
 * here. In the database rather than in memory, so the limits hold across every api instance.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

const statusList = sql.raw(TICKET_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * A complaint or request (docs/product.md#data Ticket). The city, committee and office bearers are ids; their
 * names are joined when a ticket is read. `viewKeyHash` is the sha256 of the secret in the
 * ticket's share link (null once staff revoke it); `version` rises with every change, so an
 * office bearer acting on a stale copy gets a 409 (docs/architecture.md#workflow).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('pending'),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    committeeId: integer('committee_id').references(() => committees.id, { onDelete: 'set null' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type'),
    category: text('category'),
    attachmentPath: text('attachment_path'),
    photoPath: text('photo_path'),
    rejectionReason: text('rejection_reason'),
    resolutionMethod: text('resolution_method'),
    currentAssignee: text('current_assignee').$type<Assignee>().notNull().default('CityPresident'),
    cityPresidentId: integer('city_president_id').references(() => users.id, { onDelete: 'set null' }),
    convenorId: integer('convenor_id').references(() => users.id, { onDelete: 'set null' }),
    observerId: integer('observer_id').references(() => users.id, { onDelete: 'set null' }),
    cityPresidentStatus: text('city_president_status').$type<TicketStatus>(),
    adminStatus: text('admin_status').$type<TicketStatus>(),
    convenorStatus: text('convenor_status').$type<TicketStatus>(),
    observerStatus: text('observer_status').$type<TicketStatus>(),
    viewKeyHash: text('view_key_hash'),
    /**
     * What the submitter typed (ADR 0030): the ticket shows these, never the stored profile of the
     * member record it is filed under. Null on tickets from before they were kept (the member's
     * profile stands in).
     */
    submitterName: text('submitter_name'),
    submitterEmail: text('submitter_email'),
    submitterMobile: text('submitter_mobile'),
    /**
     * Against whom (ADR 0048): the firm or person the member named, whether the complaint concerns
     * an office bearer of the chapter, and whether the member asked to be kept from the chapter
     * (ADR 0049: chapter staff see `memberAlias`, never the member's name, email or mobile).
     */
    againstName: text('against_name'),
    concernsOfficeBearer: boolean('concerns_office_bearer').notNull().default(false),
    shieldIdentity: boolean('shield_identity').notNull().default(false),
    memberAlias: text('member_alias'),
    /**
     * The submitter ticked the form's opt-in for updates by SMS and WhatsApp (to `submitterMobile`),
     * with its one-line consent text; the ticket's `createdAt` is when (ADR 0023). Email goes regardless.
     */
    phoneUpdates: boolean('phone_updates').notNull().default(false),
    /** The language the member read the submit form in: their messages about it are written in it. */
    language: text('language').notNull().default('en'),
    /**
     * How the complaint reached the association when staff filed it for the member (ADR 0066):
     * phone, walk-in, letter or email; null for the public form.
     */
    intakeChannel: text('intake_channel').$type<AssistedChannel>(),
    /** The RERA project the complaint is about, when the member named one (ADR 0055). */
    projectId: integer('project_id').references((): AnyPgColumn => projects.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    /**
     * The open stage (docs/architecture.md#time-and-service-levels), copied from `ticket_stages` in
     * the same transaction so the lists filter and sort by due time from an index: its stage, due
     * time, reminder point (`due=soon` from it on) and the highest escalation it reached.
     */
    stage: text('stage').$type<SlaStage>(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    dueSoonAt: timestamp('due_soon_at', { withTimezone: true }),
    escalation: text('escalation').$type<AlertLevel>(),
    /**
     * For the reports (docs/architecture.md#reports), kept by a trigger on `ticket_comments`
     * (migration 0011): when staff first acted on the ticket (an action, a reply or a note), and
     * when it last reached resolved or rejected (null while it is open, or again after a reopen).
     */
    firstActionAt: timestamp('first_action_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The ticket's finished stages within and past their due time, one count per stage in the
     * order of SLA_STAGES (review, resolution, approval, appeal), kept by a trigger on
     * `ticket_stages` (migration 0012): the reports' service level per stage reads these instead
     * of joining every stage (ADR 0040).
     */
    slaMet: smallint('sla_met').array().notNull().default(sql`'{0,0,0,0}'`),
    slaMissed: smallint('sla_missed').array().notNull().default(sql`'{0,0,0,0}'`),
    /**
     * The member's last word (docs/architecture.md#the-members-last-word, ADR 0038): when the
     * current outcome (resolved or rejected) was reached, when the case was closed (the status
     * stays as it is), and the member's reopening (once per ticket).
     */
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenReason: text('reopen_reason'),
    /**
     * The member's rating of each outcome (stars; null while not rated) and when the ticket's one
     * appeal was filed, kept by triggers on `ticket_ratings` and `ticket_appeals` (migration 0016):
     * the reports count the last word in the same index-only pass as every other figure (ADR 0040)
     * instead of joining those tables. The rating of the current outcome is the one of `status`.
     */
    resolvedStars: smallint('resolved_stars'),
    rejectedStars: smallint('rejected_stars'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    /**
     * Personal data (ADR 0050, migration 0020): when the ticket's personal data was erased; when
     * the member asked for it while an appeal was open (the tick erases it once the appeal ends);
     * when the member was told the retention erasure would come (at least 48 hours before).
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true }),
    retentionNoticeAt: timestamp('retention_notice_at', { withTimezone: true }),
    /** The privacy notice's version the member was shown when they submitted (ADR 0068). */
    noticeVersion: integer('notice_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('tickets_status_check', sql`${table.status} in (${statusList})`),
    check(
      'tickets_intake_channel_check',
      sql`${table.intakeChannel} in ('phone', 'walk-in', 'letter', 'email')`,
    ),
    // Every list is "newest first, one page": these serve the unfiltered list, the city lists
    // (city president, convenor, observer), the status filters and the member's own list.
    index('tickets_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('tickets_city_created_idx').on(table.cityId, table.createdAt.desc().nullsFirst()),
    index('tickets_city_status_created_idx').on(
      table.cityId,
      table.status,
      table.createdAt.desc().nullsFirst(),
    ),
    index('tickets_status_created_idx').on(table.status, table.createdAt.desc().nullsFirst()),
    // With the id: a member's tickets newest first, and `q`'s lookups of each matching member's
    // tickets, read from the index alone (ADR 0008).
    index('tickets_customer_created_idx').on(
      table.customerId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('tickets_convenor_idx').on(table.convenorId),
    index('tickets_observer_idx').on(table.observerId),
    index('tickets_city_president_idx').on(table.cityPresidentId),
    // `due=overdue|soon` and `sort=due`, over everything or one city (open tickets first).
    index('tickets_due_idx').on(table.dueAt.asc().nullsLast(), table.id),
    index('tickets_city_due_idx').on(table.cityId, table.dueAt.asc().nullsLast(), table.id),
    index('tickets_due_soon_idx').on(table.dueSoonAt).where(sql`${table.dueSoonAt} is not null`),
    // The office bearer's list holds the city's escalated tickets besides those awaiting them.
    index('tickets_city_escalated_idx')
      .on(table.cityId, table.createdAt.desc().nullsFirst())
      .where(sql`${table.escalation} is not null`),
    // The reports' "resolved per period" (by the day it was resolved) and the league table's
    // backlog (open tickets received more than 21 days ago), over one city or all (ADR 0040).
    index('tickets_city_finished_idx')
      .on(table.cityId, table.finishedAt)
      .where(sql`${table.finishedAt} is not null`),
    index('tickets_finished_idx').on(table.finishedAt).where(sql`${table.finishedAt} is not null`),
    index('tickets_city_open_created_idx')
      .on(table.cityId, table.createdAt)
      .where(sql`${table.finishedAt} is null`),
    // The tick's closing of unanswered outcomes reads only the outcomes still open.
    // The tick's erasures waiting for an appeal's end, and the retention's closed tickets (ADR 0050).
    index('tickets_erasure_requested_idx')
      .on(table.id)
      .where(sql`${table.erasureRequestedAt} is not null and ${table.erasedAt} is null`),
    index('tickets_retention_idx')
      .on(table.closedAt, table.id)
      .where(sql`${table.closedAt} is not null and ${table.erasedAt} is null`),
    index('tickets_open_outcome_idx')
      .on(table.outcomeAt, table.id)
      .where(sql`${table.closedAt} is null and ${table.status} in ('resolved', 'rejected')`),
  ],
);

/**
 * Exact ticket counts per city and status, and per city, status and creation day (UTC), kept by
 * statement triggers on `tickets` in the same transaction as every insert, update and delete
 * (migration 0003, ADR 0007). List totals and the dashboard's counts add these up instead of
 * counting up to 1,000,000 tickets; `n` may reach 0 and stay.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    status: text('status').$type<TicketStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (table) => [primaryKey({ columns: [table.cityId, table.status] })],
);

export const ticketDayCounts = pgTable(
  'ticket_day_counts',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    status: text('status').$type<TicketStatus>().notNull(),
    /** The UTC calendar day of `tickets.created_at`. */
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cityId, table.status, table.day] }),
    index('ticket_day_counts_day_idx').on(table.day),
  ],
);

/**
 * The words `q` searches (ADR 0043): one row per word of each ticket's title and member's name
 * (`ticket_search_words`, migration 0005: PostgreSQL's own parser, lowercased, no stemming), with
 * the ticket's creation time, city and status. Written by the database alone: triggers on
 * `tickets` (insert, a new title, member, city or status, delete) and on `users` (a renamed
 * member). Its one index, `(word, created_at DESC, ticket_id DESC) INCLUDE (city_id, status)`, is
 * written in migration 0017's SQL (drizzle's index builder has no INCLUDE): each word's tickets
 * newest first, so a search reads as many entries as it answers with.
 */
export const ticketWords = pgTable('ticket_words', {
  word: text('word').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  ticketId: integer('ticket_id').notNull(),
  cityId: integer('city_id').notNull(),
  status: text('status').$type<TicketStatus>().notNull(),
});

/**
 * The ticket's history (docs/product.md#screens Ticket History): one row per submit and per action, written in the
 * same transaction as the change. An event, not a sentence (docs/architecture.md#history-as-events,
 * ADR 0045): `kind` (HISTORY_KINDS of shared-contracts) and `values` (ids, dates, numbers, codes:
 * never a name); `text` only holds what a person wrote. `actorId` null means the system; the
 * actor's name is read from `users` (`actionBy` is only kept for rows written before there was an
 * actor id to name). `statusAfter` and `assigneeAfter` record when each step of the chain was
 * entered and left; `visibility` keeps internal committee notes beside public replies.
 */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actionBy: text('action_by'),
    actorRole: text('actor_role').$type<Role>(),
    action: text('action').notNull(),
    kind: text('kind').$type<HistoryKind>().notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    text: text('text'),
    statusAfter: text('status_after').$type<TicketStatus>(),
    assigneeAfter: text('assignee_after').$type<Assignee>(),
    visibility: text('visibility').$type<'public' | 'internal'>().notNull().default('public'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ticket_comments_ticket_idx').on(table.ticketId, table.createdAt, table.id),
    check('ticket_comments_visibility_check', sql`${table.visibility} in ('public', 'internal')`),
    // Migration 0018 also adds `ticket_comments_system_kinds_no_text` (NOT VALID: new rows only),
    // written there because drizzle's check() cannot say NOT VALID.
  ],
);

/**
 * A file sent with a ticket. Stored outside any web root under `storedName` (random); served only
 * to callers who may see the ticket, under its original name and the type its bytes showed.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'attachment' | 'photo'>().notNull().default('attachment'),
    storedName: text('stored_name').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The history entry (a reply or note) the file came with; null for the submit's file. */
    commentId: integer('comment_id').references(() => ticketComments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('attachments_stored_name_unique').on(table.storedName),
    index('attachments_ticket_idx').on(table.ticketId),
    index('attachments_comment_idx').on(table.commentId),
  ],
);

/**
 * Submits already answered, by their `Idempotency-Key`: the same key with the same request gets
 * the same answer, with another request a 422. `requestHash` fingerprints the fields and file.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
  statusCode: integer('status_code').notNull(),
  response: text('response').notNull(),
  createdAt: createdAt(),
});

/**
 * Messages to people (docs/architecture.md#conversation-and-notifications, ADR 0026): one row per
 * recipient and channel, written in the transaction of the change that causes it, so a committed
 * change always has its messages and a rolled-back one never does. The worker claims due rows,
 * sends them and marks them; the row id is the message's idempotency key (the email's Message-ID,
 * the gateways' reference). `params` holds what the template needs (the private links only until
 * the message is sent: they are removed then). `lockedUntil`: the lease of the worker sending it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** An email address or a mobile number, by channel. */
    recipient: text('recipient').notNull(),
    channel: text('channel').$type<'email' | 'sms' | 'whatsapp' | 'webhook'>().notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    locale: text('locale').notNull().default('en'),
    status: text('status')
      .$type<'queued' | 'sent' | 'delivered' | 'failed' | 'held'>()
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A webhook delivery's last answer from the receiver (ADR 0064): `HTTP 200`, a refusal. */
    answer: text('answer'),
    /** The provider's id of an SMS or WhatsApp message, which its delivery receipts name (ADR 0060). */
    providerMessageId: text('provider_message_id'),
    /** When the provider's receipt said the message reached the phone. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('outbox_status_check', sql`${table.status} in ('queued', 'sent', 'delivered', 'failed', 'held')`),
    check('outbox_channel_check', sql`${table.channel} in ('email', 'sms', 'whatsapp', 'webhook')`),
    index('outbox_webhook_idx').on(table.recipient, table.id).where(sql`${table.channel} = 'webhook'`),
    // The worker's claim: the due queued rows, oldest first.
    index('outbox_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.status} = 'queued'`),
    index('outbox_ticket_idx').on(table.ticketId, table.id),
    index('outbox_failed_idx').on(table.id).where(sql`${table.status} = 'failed'`),
    index('outbox_provider_message_idx')
      .on(table.channel, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
  ],
);

/**
 * The audit trail (ADR 0031, docs/security.md "Audit trail"): who (a user, or a private link's
 * key, and the client address) did what to which ticket or user, and when. Append-only: a trigger
 * of migration 0007 refuses UPDATE, TRUNCATE and DELETE of any row younger than the retention
 * (AUDIT_RETENTION_DAYS). No foreign keys: a row outlives the user or ticket it names, and a
 * cascade would be an update.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorRole: text('actor_role'),
    /** A private link's key id: `share:{ticketId}:{hash prefix}` or `member:{userId}:{hash prefix}`. */
    actorKey: text('actor_key'),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: integer('target_id').notNull(),
    /** A short JSON object: what changed (field names, never the values of secrets). */
    detail: text('detail'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc(), table.id.desc()),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.at.desc()),
    index('audit_log_actor_idx').on(table.actorUserId, table.at.desc()),
  ],
);

/**
 * Time on a ticket (docs/architecture.md#time-and-service-levels): each chapter's own calendar and
 * SLA overrides (null: the default calendar, the association's defaults). Both kept as the JSON of
 * their shared schemas (`chapterCalendarSchema`, `slaOverridesSchema`), validated on the way in.
 */
export const chapterSettings = pgTable('chapter_settings', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id, { onDelete: 'cascade' }),
  calendar: jsonb('calendar').$type<ChapterCalendar>(),
  sla: jsonb('sla').$type<SlaOverrides>(),
  updatedAt: updatedAt(),
});

/** The association's SLA defaults: one row (`id` is always 1) once an admin saved them. */
export const slaDefaults = pgTable(
  'sla_defaults',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<SlaSettings>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('sla_defaults_one_row', sql`${table.id} = 1`)],
);

const stageList = sql.raw(SLA_STAGES.map((stage) => `'${stage}'`).join(', '));
const alertList = sql.raw(ALERT_LEVELS.map((level) => `'${level}'`).join(', '));

/**
 * The stage log: one row per stage a ticket entered, opened and closed in the transaction of the
 * action that causes it (at most one open per ticket). `holderId` holds it, for `actingForId` when
 * that one was away. `slaMinutes` is the stage's working time; `firstDueAt` the due time before any
 * interim reply, `dueAt` the current one. `nextAlertAt` is when the scheduler next has something to
 * do with the stage (the reminder, then the escalations; null when nothing is left): its partial
 * index is all a tick reads. `dueAt` null: a stage carried over by migration 0010 whose due time
 * the first tick computes.
 */
export const ticketStages = pgTable(
  'ticket_stages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<SlaStage>().notNull(),
    holderRole: text('holder_role').$type<Role>().notNull(),
    holderId: integer('holder_id').references(() => users.id, { onDelete: 'set null' }),
    actingForId: integer('acting_for_id').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    slaMinutes: integer('sla_minutes').notNull(),
    firstDueAt: timestamp('first_due_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    presidentAt: timestamp('president_at', { withTimezone: true }),
    nextAlertAt: timestamp('next_alert_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    leftById: integer('left_by_id').references(() => users.id, { onDelete: 'set null' }),
    leftBy: text('left_by'),
    outcome: text('outcome'),
  },
  (table) => [
    check('ticket_stages_stage_check', sql`${table.stage} in (${stageList})`),
    index('ticket_stages_ticket_idx').on(table.ticketId, table.enteredAt, table.id),
    uniqueIndex('ticket_stages_one_open').on(table.ticketId).where(sql`${table.leftAt} is null`),
    index('ticket_stages_next_alert_idx')
      .on(table.nextAlertAt, table.id)
      .where(sql`${table.leftAt} is null and ${table.nextAlertAt} is not null`),
    index('ticket_stages_unscheduled_idx')
      .on(table.id)
      .where(sql`${table.leftAt} is null and ${table.dueAt} is null`),
  ],
);

/** What the scheduler did on a stage, each level once: the unique (stage, level) makes a repeat a no-op. */
export const stageAlerts = pgTable(
  'stage_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => ticketStages.id, { onDelete: 'cascade' }),
    level: text('level').$type<AlertLevel>().notNull(),
    toRole: text('to_role').$type<Role>().notNull(),
    toId: integer('to_id').references(() => users.id, { onDelete: 'set null' }),
    actingForId: integer('acting_for_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('stage_alerts_stage_level_unique').on(table.stageId, table.level),
    check('stage_alerts_level_check', sql`${table.level} in (${alertList})`),
  ],
);

/** Interim replies: each moved its stage's due time to the end of `expectedBy`. */
export const stageExtensions = pgTable(
  'stage_extensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => ticketStages.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    expectedBy: date('expected_by', { mode: 'string' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('stage_extensions_stage_idx').on(table.stageId, table.id)],
);

/** A staff member's absence: from `fromDate` to `toDate` (both included) `standInId` takes their hand-offs and escalations. */
export const absences = pgTable(
  'absences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    standInId: integer('stand_in_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [check('absences_days_check', sql`${table.fromDate} <= ${table.toDate}`)],
);

/**
 * The chapter league table (docs/league-table.md, ADR 0040): one row per chapter and month (`month`
 * is its 1st, Asia/Kolkata), written once the month is over and never again: the insert is
 * `ON CONFLICT DO NOTHING` and a trigger of migration 0011 refuses every UPDATE. The current month
 * is computed live and not stored. Hours are medians and 90th percentiles; shares 0 to 1; `index`
 * 0 to 100 and `rank` 1 = best (null when the chapter had nothing to score).
 */
export const chapterMonthSnapshots = pgTable(
  'chapter_month_snapshots',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    cityName: text('city_name').notNull(),
    received: integer('received').notNull(),
    resolved: integer('resolved').notNull(),
    rejected: integer('rejected').notNull(),
    open: integer('open').notNull(),
    backlog: integer('backlog').notNull(),
    firstActionMedianHours: doublePrecision('first_action_median_hours'),
    resolutionMedianHours: doublePrecision('resolution_median_hours'),
    resolutionP90Hours: doublePrecision('resolution_p90_hours'),
    withinSlaShare: doublePrecision('within_sla_share'),
    ratingAverage: doublePrecision('rating_average'),
    answerRate: doublePrecision('answer_rate'),
    reopenRate: doublePrecision('reopen_rate'),
    appealRate: doublePrecision('appeal_rate'),
    leagueIndex: doublePrecision('league_index'),
    rank: integer('rank'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cityId, table.month] }),
    index('chapter_month_snapshots_month_idx').on(table.month),
  ],
);

/**
 * The monthly summary emails (ADR 0040): one row per month whose emails were queued, inserted
 * `ON CONFLICT DO NOTHING` in the transaction that queues them, so two api instances ticking at
 * once send them once.
 */
export const reportMonthMailings = pgTable('report_month_mailings', {
  month: date('month', { mode: 'string' }).primaryKey(),
  messages: integer('messages').notNull(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
});
/** The member's rating of an outcome: one per ticket and outcome (ADR 0038). */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<'resolved' | 'rejected'>().notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ticket_ratings_ticket_outcome_unique').on(table.ticketId, table.outcome),
    check('ticket_ratings_outcome_check', sql`${table.outcome} in ('resolved', 'rejected')`),
    check('ticket_ratings_stars_check', sql`${table.stars} between 1 and 5`),
    index('ticket_ratings_created_idx').on(table.createdAt),
  ],
);

/** The member's appeal to the Credai President: one per ticket, decided within 30 days (ADR 0038). */
export const ticketAppeals = pgTable(
  'ticket_appeals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    outcome: text('outcome').$type<'upheld' | 'remanded' | 'dismissed'>(),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('ticket_appeals_ticket_unique').on(table.ticketId),
    check('ticket_appeals_outcome_check', sql`${table.outcome} in ('upheld', 'remanded', 'dismissed')`),
    // The Credai President's open appeals by due time; the decided ones newest first.
    index('ticket_appeals_open_idx').on(table.dueAt, table.id).where(sql`${table.decidedAt} is null`),
    index('ticket_appeals_decided_idx')
      .on(table.decidedAt.desc().nullsFirst(), table.id)
      .where(sql`${table.decidedAt} is not null`),
  ],
);

/**
 * A member's request about their personal data (ADR 0050): correction and erasure wait for an
 * admin (`due_at` on the api clock); withdrawal of consent is done at once. `waiting`: an
 * erasure executed while a ticket's appeal is open, finished by the tick once it ends.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'correction' | 'erasure' | 'withdraw-consent'>().notNull(),
    /** The member's words (a correction): erased with them. */
    text: text('text'),
    status: text('status').$type<'open' | 'waiting' | 'done' | 'declined'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
  },
  (table) => [
    check('privacy_requests_kind_check', sql`${table.kind} in ('correction', 'erasure', 'withdraw-consent')`),
    check('privacy_requests_status_check', sql`${table.status} in ('open', 'waiting', 'done', 'declined')`),
    index('privacy_requests_open_idx')
      .on(table.dueAt, table.id)
      .where(sql`${table.status} in ('open', 'waiting')`),
    index('privacy_requests_member_idx').on(table.memberId, table.id),
  ],
);

/**
 * The privacy notice (ADR 0068): one version is published in every language of the form at once,
 * with the grievance officer's contact; the newest version is the one shown.
 */
export const privacyNotices = pgTable(
  'privacy_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull(),
    language: text('language').$type<'en' | 'hi' | 'mr'>().notNull(),
    text: text('text').notNull(),
    grievanceName: text('grievance_name').notNull(),
    grievanceEmail: text('grievance_email').notNull(),
    grievancePhone: text('grievance_phone').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('privacy_notices_language_check', sql`${table.language} in ('en', 'hi', 'mr')`),
    uniqueIndex('privacy_notices_version_language_idx').on(table.version, table.language),
  ],
);

/**
 * The breach register (ADR 0069): what happened, when it was found, whom it touches (the tickets
 * of a city, or of every city, filed in a period), and the drafts of the notice to the affected
 * members and of the report to the Data Protection Board, sent once an admin has reviewed them.
 */
export const privacyBreaches = pgTable(
  'privacy_breaches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    what: text('what').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    ticketsFrom: timestamp('tickets_from', { withTimezone: true }).notNull(),
    ticketsTo: timestamp('tickets_to', { withTimezone: true }).notNull(),
    affected: integer('affected').notNull(),
    memberNotice: text('member_notice').notNull(),
    boardReport: text('board_report').notNull(),
    boardEmail: text('board_email'),
    status: text('status').$type<'draft' | 'sent'>().notNull().default('draft'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('privacy_breaches_status_check', sql`${table.status} in ('draft', 'sent')`),
    index('privacy_breaches_found_idx').on(table.foundAt, table.id),
  ],
);

/** A ticket moved to another city and/or committee, by whom and why (ADR 0038). */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fromCityId: integer('from_city_id').references(() => cities.id, { onDelete: 'set null' }),
    toCityId: integer('to_city_id').references(() => cities.id, { onDelete: 'set null' }),
    fromCommitteeId: integer('from_committee_id').references(() => committees.id, { onDelete: 'set null' }),
    toCommitteeId: integer('to_committee_id').references(() => committees.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ticket_transfers_ticket_idx').on(table.ticketId, table.id)],
);

/**
 * The register of RERA projects (ADR 0055, migration 0022): `reraNumber` as the register writes it
 * (upper case, no spaces; Maharashtra's `P` + 11 digits, other states' as typed), unique. Public
 * facts only: the submit form's typeahead shows them to anyone.
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reraNumber: text('rera_number').notNull(),
    name: text('name').notNull(),
    promoter: text('promoter').notNull().default(''),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    district: text('district').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('projects_rera_number_unique').on(table.reraNumber),
    index('projects_city_idx').on(table.cityId),
  ],
);

/**
 * Links between tickets (ADR 0056, migration 0022): `ticketId` is a duplicate of `otherId` (its
 * primary; one per duplicate) or related to it. Read both ways.
 */
export const ticketLinks = pgTable(
  'ticket_links',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'duplicate' | 'related'>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.otherId] }),
    uniqueIndex('ticket_links_one_primary').on(table.ticketId).where(sql`${table.kind} = 'duplicate'`),
    index('ticket_links_other_idx').on(table.otherId),
    check('ticket_links_kind_check', sql`${table.kind} in ('duplicate', 'related')`),
    check('ticket_links_not_self', sql`${table.ticketId} <> ${table.otherId}`),
  ],
);

/**
 * What each staff user declared they are tied to (ADR 0048, migration 0019): a firm by name, or a
 * project (by name until the project register holds it, then also by `projectId`). A holder whose
 * declaration matches a ticket is passed over on it.
 */
export const staffInterests = pgTable(
  'staff_interests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'firm' | 'project'>().notNull(),
    name: text('name').notNull(),
    projectId: integer('project_id'),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_interests_user_idx').on(table.userId),
    index('staff_interests_name_idx').on(lower(table.name)),
    check('staff_interests_kind_check', sql`${table.kind} in ('firm', 'project')`),
  ],
);

/** Who a recusal passed a ticket over (ADR 0048): they never read, list, count or hear of it. */
export const ticketRecusals = pgTable(
  'ticket_recusals',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.userId] }),
    index('ticket_recusals_user_idx').on(table.userId, table.ticketId),
  ],
);

/**
 * A signed-in session (ADR 0053): the token names it (`sid`) and every request checks it is open,
 * used within SESSION_IDLE_MINUTES and before `expiresAt` (SESSION_MAX_HOURS after sign-in).
 * `device` (the User-Agent, cut short) and `clientAddress` are personal data (ADR 0053).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by').$type<'logout' | 'user' | 'admin'>(),
    device: text('device'),
    clientAddress: text('client_address'),
    mfa: boolean('mfa').notNull().default(false),
  },
  (table) => [
    index('staff_sessions_user_open_idx')
      .on(table.userId, table.lastUsedAt)
      .where(sql`${table.endedAt} is null`),
    check('staff_sessions_ended_by_check', sql`${table.endedBy} in ('logout', 'user', 'admin')`),
  ],
);

/** A user's TOTP second factor (ADR 0054): the sealed secret, and the step of the last code taken. */
export const userMfa = pgTable('user_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One-time recovery codes (ADR 0054), as sha256 hashes; `usedAt` once spent. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('mfa_recovery_codes_user_code_idx').on(table.userId, table.codeHash)],
);

/** What became of an email to the reply mailbox (ADR 0059). */
export const INBOUND_MAIL_OUTCOMES = [
  'filed',
  'no-tag',
  'forged-tag',
  'unknown-ticket',
  'auto-reply',
  'bounce',
  'loop',
  'empty',
  'too-large',
] as const;
export type InboundMailOutcome = (typeof INBOUND_MAIL_OUTCOMES)[number];

/**
 * Each email the reply mailbox received (ADR 0059, migration 0023): known by a hash of its
 * Message-ID (never the header itself, nor its sender or words), so a mail delivered twice, or
 * fetched again after a crash, is handled once. `outcome` is `filed` (a member's reply, its history
 * entry `commentId`) or why it made no entry.
 */
export const inboundMails = pgTable(
  'inbound_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageKey: text('message_key').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    commentId: integer('comment_id').references(() => ticketComments.id, { onDelete: 'set null' }),
    outcome: text('outcome').$type<InboundMailOutcome>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('inbound_mails_message_key_idx').on(table.messageKey),
    index('inbound_mails_ticket_idx').on(table.ticketId),
    check(
      'inbound_mails_outcome_check',
      sql`${table.outcome} in (${sql.raw(INBOUND_MAIL_OUTCOMES.map((outcome) => `'${outcome}'`).join(', '))})`,
    ),
  ],
);
/**
 * API tokens (ADR 0063): another system's access, created by an admin with scopes, an optional
 * city and expiry. Only the sha256 of the secret is kept; a revoked or expired token stops at once.
 */
export const apiTokens = pgTable('api_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  scopes: text('scopes').array().notNull(),
  cityId: integer('city_id').references(() => cities.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** The staff user a `tickets:write` token acts for (ADR 0079, migration 0029); null otherwise. */
  actingUserId: integer('acting_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Webhooks (ADR 0064): an HTTPS endpoint and the events it wants; deliveries are outbox rows of the
 * channel `webhook`, signed per Standard Webhooks with the secret (sealed with the api's key).
 */
export const webhooks = pgTable('webhooks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * Canned answers (ADR 0065): a title and a text in English, Hindi and Marathi, for every chapter
 * (`cityId` null, kept by admins) or one chapter (kept by its city president or an admin).
 */
export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleHi: text('title_hi').notNull(),
    titleMr: text('title_mr').notNull(),
    textEn: text('text_en').notNull(),
    textHi: text('text_hi').notNull(),
    textMr: text('text_mr').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('canned_responses_city_idx').on(table.cityId)],
);

/** Each reply sent with a canned answer (ADR 0065): the reports count them by day and chapter. */
export const cannedResponseUses = pgTable(
  'canned_response_uses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cannedResponseId: integer('canned_response_id')
      .notNull()
      .references(() => cannedResponses.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => ticketComments.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('canned_response_uses_used_idx').on(table.usedAt, table.cityId),
    index('canned_response_uses_response_idx').on(table.cannedResponseId),
  ],
);
