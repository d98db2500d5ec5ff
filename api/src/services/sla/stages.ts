/**
 * The stage log (docs/architecture.md#time-and-service-levels): which stage of the chain a ticket
 * is in follows from its status and holder, so after every change (the submit, each workflow
 * action) `syncStage` closes the stage the ticket left and opens the one it entered, in the same
 * transaction. A stage's due time, reminder point and association-president point are computed
 * once, when it opens, on the chapter's calendar; the scheduler then compares instants only.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type Assignee,
  addWorkingTime,
  CHAIN,
  type ChainStage,
  type ChapterCalendar,
  isChainAssignee,
  localDate,
  SLA_HOURS_FIELD,
  type SlaStage,
  STAGE_HOLDER_ROLE,
  STAGE_OF_ASSIGNEE,
  type TicketStatus,
  type WorkflowAction,
} from 'shared-contracts/contracts';
import type { Writer } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { ticketStages, tickets } from '../../db/schema';
import { recordHistory } from '../history/historyStore';
import { chapterTime } from './settings';

/** The stage a ticket is in: none once it is resolved or rejected, or with nobody of the chain. */
export function stageOf(status: string, assignee: string | null): ChainStage | null {
  if (status === 'resolved' || status === 'rejected') return null;
  return isChainAssignee(assignee) ? STAGE_OF_ASSIGNEE[assignee] : null;
}

/** The instants of a stage entered at `enteredAt` with `minutes` of working time. */
export function stageTimes(enteredAt: Date, minutes: number, calendar: ChapterCalendar) {
  return {
    dueAt: addWorkingTime(enteredAt, minutes, calendar),
    remindAt: addWorkingTime(enteredAt, Math.round(minutes * 0.8), calendar),
    presidentAt: addWorkingTime(enteredAt, Math.round(minutes * 1.5), calendar),
  };
}

/** Who receives something meant for `userId` on `day`: them, or their stand-in while they are away. */
export interface Recipient {
  id: number | null;
  name: string | null;
  /** The absent person the recipient acts for. */
  actingForId: number | null;
  actingForName: string | null;
}

/**
 * `userId`, or their active stand-in when an absence covers `day` (the chapter's calendar day).
 * One level only: a stand-in's own absence does not pass it on.
 */
export async function recipientFor(tx: Writer, userId: number | null, day: string): Promise<Recipient> {
  if (userId == null) return { id: null, name: null, actingForId: null, actingForName: null };
  const [row] = rowsOf<{ name: string; stand_in_id: number | null; stand_in_name: string | null }>(
    await tx.execute(sql`
      select u.full_name as name, s.id as stand_in_id, s.full_name as stand_in_name
      from users u
      left join absences a on a.user_id = u.id and a.from_date <= ${day}::date and a.to_date >= ${day}::date
      left join users s on s.id = a.stand_in_id and s.is_active
      where u.id = ${userId}`),
  );
  if (!row) return { id: null, name: null, actingForId: null, actingForName: null };
  if (row.stand_in_id != null) {
    return { id: row.stand_in_id, name: row.stand_in_name, actingForId: userId, actingForName: row.name };
  }
  return { id: userId, name: row.name, actingForId: null, actingForName: null };
}

export interface SyncRequest {
  ticketId: number;
  /** The api clock's now: when the stage left and the next one entered. */
  now: Date;
  /** Who caused the change (null: the system). */
  by?: { id: number | null; name: string | null } | null;
  /** The workflow action that closed the stage. */
  outcome?: WorkflowAction | null;
}

/** What the stage log needs of the ticket as the change left it. */
export interface StagedTicket {
  status: TicketStatus;
  currentAssignee: Assignee | null;
  cityId: number;
  cityPresidentId: number | null;
  convenorId: number | null;
  observerId: number | null;
}

/** The ticket's columns the stage log keeps for the lists, as a move left them. */
export interface StageFields {
  stage: ChainStage | null;
  dueAt: Date | null;
  dueSoonAt: Date | null;
  escalation: null;
}

/**
 * Brings the stage log in line with the ticket as it now is: closes the open stage when the ticket
 * left it, opens the stage it entered (its holder, or the holder's stand-in, with a history entry
 * "acting for"), and copies the open stage's due times onto the ticket for the lists. Returns the
 * open stage's holder (the one to hand the ticket to), or null.
 */
export async function syncStage(tx: Writer, request: SyncRequest): Promise<Recipient | null> {
  const [ticket] = await tx
    .select({
      status: tickets.status,
      currentAssignee: tickets.currentAssignee,
      cityId: tickets.cityId,
      cityPresidentId: tickets.cityPresidentId,
      convenorId: tickets.convenorId,
      observerId: tickets.observerId,
    })
    .from(tickets)
    .where(eq(tickets.id, request.ticketId));
  return ticket ? (await moveStage(tx, request, ticket)).holder : null;
}

/**
 * `syncStage` for a change that has the ticket in hand (it read it once, and knows what it wrote):
 * also says what the move wrote on the ticket (undefined: nothing), so the change's answer is the
 * ticket as it now is without reading it again.
 */
export async function moveStage(
  tx: Writer,
  request: SyncRequest,
  ticket: StagedTicket,
): Promise<{ holder: Recipient | null; fields?: StageFields }> {
  const { ticketId, now } = request;
  const wanted = stageOf(ticket.status, ticket.currentAssignee);
  const [open] = await tx
    .select({ id: ticketStages.id, stage: ticketStages.stage })
    .from(ticketStages)
    .where(and(eq(ticketStages.ticketId, ticketId), isNull(ticketStages.leftAt)));
  if (open && open.stage === wanted) return { holder: null };
  if (open) {
    await tx
      .update(ticketStages)
      .set({
        leftAt: now,
        leftById: request.by?.id ?? null,
        leftBy: request.by?.name ?? null,
        outcome: request.outcome ?? null,
        nextAlertAt: null,
      })
      .where(eq(ticketStages.id, open.id));
  }
  if (!wanted) {
    const fields: StageFields = { stage: null, dueAt: null, dueSoonAt: null, escalation: null };
    await tx.update(tickets).set(fields).where(eq(tickets.id, ticketId));
    return { holder: null, fields };
  }
  const { calendar, sla } = await chapterTime(tx, ticket.cityId);
  const holderId = {
    review: ticket.cityPresidentId,
    resolution: ticket.convenorId,
    approval: ticket.observerId,
  }[wanted];
  const holder = await recipientFor(tx, holderId, localDate(now, calendar.timeZone));
  const minutes = sla[SLA_HOURS_FIELD[wanted]] * 60;
  const times = stageTimes(now, minutes, calendar);
  await tx.insert(ticketStages).values({
    ticketId,
    stage: wanted,
    holderRole: STAGE_HOLDER_ROLE[wanted],
    holderId: holder.id,
    actingForId: holder.actingForId,
    enteredAt: now,
    slaMinutes: minutes,
    firstDueAt: times.dueAt,
    dueAt: times.dueAt,
    remindAt: times.remindAt,
    presidentAt: times.presidentAt,
    nextAlertAt: times.remindAt,
  });
  const fields: StageFields = {
    stage: wanted,
    dueAt: times.dueAt,
    dueSoonAt: times.remindAt,
    escalation: null,
  };
  await tx.update(tickets).set(fields).where(eq(tickets.id, ticketId));
  if (holder.actingForId != null) {
    await recordHistory(tx, {
      ticketId,
      kind: 'stage.stand_in',
      action: 'stand-in',
      actor: null,
      values: {
        stage: wanted,
        role: STAGE_HOLDER_ROLE[wanted],
        userId: holder.id,
        actingForId: holder.actingForId,
      },
      statusAfter: ticket.status,
      assigneeAfter: ticket.currentAssignee,
    });
  }
  return { holder, fields };
}

/** The ticket's column of each stage's holder. */
const HOLDER_ID_COLUMN: Record<ChainStage, string> = {
  review: 't.city_president_id',
  resolution: 't.convenor_id',
  approval: 't.observer_id',
};

/** `when '<assignee>' then <what the link gives>` for each link of the chain. */
const byAssignee = (then: (link: (typeof CHAIN)[number]) => ReturnType<typeof sql>) =>
  sql.join(
    CHAIN.map((link) => sql`when ${link.assignee} then ${then(link)}`),
    sql` `,
  );

/**
 * Opens the current stage of every open ticket that has none (tickets written without the stage
 * log: the demo data, the benchmark's seed), entered when the ticket last changed, with no due time
 * yet: the scheduler's next tick computes it (what migration 0010 does on an existing database).
 */
export async function openCarriedOverStages(tx: Writer): Promise<number> {
  const opened = rowsOf<{ ticket_id: number; stage: SlaStage }>(
    await tx.execute(sql`
      insert into ticket_stages (ticket_id, stage, holder_role, holder_id, entered_at, sla_minutes)
      select t.id,
        case t.current_assignee ${byAssignee((link) => sql`${link.stage}::text`)} end,
        case t.current_assignee ${byAssignee((link) => sql`${link.role}::text`)} end,
        case t.current_assignee ${byAssignee((link) => sql.raw(HOLDER_ID_COLUMN[link.stage]))} end,
        t.updated_at, 0
      from tickets t
      where t.status not in ('resolved', 'rejected')
        and t.current_assignee in (${sql.join(
          CHAIN.map((link) => sql`${link.assignee}`),
          sql`, `,
        )})
        -- NOT IN a hashed list read once: a NOT EXISTS probe per ticket would read the rows this
        -- very insert adds (a nested loop over an empty table's stale statistics: quadratic).
        and t.id not in (select s.ticket_id from ticket_stages s where s.left_at is null)
      returning ticket_id, stage`),
  );
  await tx.execute(sql`
    update tickets t set stage = s.stage from ticket_stages s
    where s.ticket_id = t.id and s.left_at is null and t.stage is null`);
  return opened.length;
}
