/**
 * Interim replies (docs/architecture.md#time-and-service-levels, CPGRAMS's rule): the holder of a
 * ticket's open stage says why it takes longer and by which day the next step is expected. The
 * stage is then due at the end of that day's working hours, so escalation waits until then; the
 * member is told once, through the outbox. At most `maxExtensions` replies per stage, and at most
 * `maxExtraDays` calendar days past the stage's first due time (the chapter's settings); more is a
 * 422 with a stable code.
 */
import { eq, sql } from 'drizzle-orm';
import {
  addWorkingTime,
  DAY_MS,
  endOfWorkingDay,
  errorMessage,
  INTERIM_REPLY_REFUSALS,
  type InterimReply,
  localDate,
  type SlaStage,
  workingTimeBetween,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { stageExtensions, ticketStages, tickets } from '../../db/schema';
import { HttpError, notFound } from '../../httpError';
import { recordHistory } from '../history/historyStore';
import { isRecused } from '../recusal/interests';
import { chapterTime } from '../sla/settings';
import { type AccessActor, canStaffSee } from '../tickets/access';
import { TICKET_NOT_FOUND } from '../tickets/notFound';
import type { Notifier } from './notifications';

export interface InterimActor extends AccessActor {
  fullName: string;
}

function refuse(
  code: (typeof INTERIM_REPLY_REFUSALS)[keyof typeof INTERIM_REPLY_REFUSALS],
  message: string,
  status = 422,
): HttpError {
  return new HttpError(status, message, [{ path: 'expectedBy', message, code }]);
}

/**
 * Posts an interim reply on ticket `ticketId`'s open stage as `actor` (its holder, the person it is
 * held for, or an admin) at `now`. Returns the id of the stage it extended.
 */
export async function postInterimReply(
  db: AppDatabase,
  actor: InterimActor,
  ticketId: number,
  body: InterimReply,
  now: Date,
  notifier: Notifier,
): Promise<number> {
  const stageId = await db.transaction(async (tx) => {
    // The ticket's row first, as every action locks it first: no deadlock with one.
    const [ticket] = rowsOf<{ id: number; city_id: number; status: string }>(
      await tx.execute(sql`select id, city_id, status from tickets where id = ${ticketId} for no key update`),
    );
    if (
      !ticket ||
      !canStaffSee(actor, { cityId: ticket.city_id }) ||
      (await isRecused(tx, ticketId, actor.id))
    )
      throw notFound(TICKET_NOT_FOUND);
    const [stage] = rowsOf<{
      id: number;
      stage: SlaStage;
      holder_id: number | null;
      acting_for_id: number | null;
      entered_at: Date | string;
      due_at: Date | string | null;
      first_due_at: Date | string | null;
      sla_minutes: number;
      extensions: number;
    }>(
      await tx.execute(sql`
        select s.id, s.stage, s.holder_id, s.acting_for_id, s.entered_at, s.due_at, s.first_due_at, s.sla_minutes,
          (select count(*)::int from stage_extensions e where e.stage_id = s.id) as extensions
        from ticket_stages s where s.ticket_id = ${ticketId} and s.left_at is null`),
    );
    if (!stage || stage.due_at == null || stage.first_due_at == null) {
      throw refuse(INTERIM_REPLY_REFUSALS.noOpenStage, errorMessage('slaNoOpenStage'), 409);
    }
    const holds = actor.id === stage.holder_id || actor.id === stage.acting_for_id || actor.role === 'admin';
    if (!holds) throw new HttpError(403, errorMessage('notStageHolder'));
    const { calendar, sla } = await chapterTime(tx, ticket.city_id);
    if (stage.extensions >= sla.maxExtensions) {
      throw refuse(
        INTERIM_REPLY_REFUSALS.tooManyExtensions,
        errorMessage('slaTooManyExtensions', { max: sla.maxExtensions }),
      );
    }
    const dueAt = endOfWorkingDay(body.expectedBy, calendar);
    const currentDue = new Date(stage.due_at);
    if (dueAt <= currentDue || dueAt <= now) {
      throw refuse(INTERIM_REPLY_REFUSALS.expectedByTooEarly, errorMessage('slaExpectedByTooEarly'));
    }
    const firstDue = new Date(stage.first_due_at);
    const firstDay = Date.parse(`${localDate(firstDue, calendar.timeZone)}T00:00:00Z`);
    const extraDays = Math.round((Date.parse(`${body.expectedBy}T00:00:00Z`) - firstDay) / DAY_MS);
    if (extraDays > sla.maxExtraDays) {
      throw refuse(
        INTERIM_REPLY_REFUSALS.tooManyExtraDays,
        errorMessage('slaTooManyExtraDays', { max: sla.maxExtraDays }),
      );
    }
    // The reminder comes at 80 % of the stage's new span, the association president at half the
    // stage's working time past the new due time.
    const entered = new Date(stage.entered_at);
    const span = workingTimeBetween(entered, dueAt, calendar);
    const remindAt = addWorkingTime(entered, Math.round(span * 0.8), calendar);
    const presidentAt = addWorkingTime(dueAt, Math.round(stage.sla_minutes * 0.5), calendar);
    const done = rowsOf<{ level: string }>(
      await tx.execute(sql`select level from stage_alerts where stage_id = ${stage.id}`),
    ).map((row) => row.level);
    const pending = (
      [
        ['reminder', remindAt],
        ['next-level', dueAt],
        ['president', presidentAt],
      ] as const
    ).filter(([level]) => !done.includes(level));
    await tx.insert(stageExtensions).values({
      stageId: stage.id,
      reason: body.reason,
      expectedBy: body.expectedBy,
      dueAt,
      byId: actor.id,
      byName: actor.fullName,
      createdAt: now,
    });
    await tx
      .update(ticketStages)
      .set({ dueAt, remindAt, presidentAt, nextAlertAt: pending[0]?.[1] ?? null })
      .where(eq(ticketStages.id, stage.id));
    await tx.update(tickets).set({ dueAt, dueSoonAt: remindAt }).where(eq(tickets.id, ticketId));
    const entry = await recordHistory(tx, {
      ticketId,
      kind: 'stage.interim_reply',
      action: 'interim-reply',
      actor: { id: actor.id, role: actor.role },
      values: { stage: stage.stage, expectedBy: body.expectedBy },
      words: body.reason,
      at: now,
    });
    await notifier.interimReply(tx, {
      ticketId,
      stage: stage.stage,
      eventId: entry.id,
      expectedBy: body.expectedBy,
    });
    return stage.id;
  });
  return stageId;
}
