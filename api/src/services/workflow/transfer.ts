/** A ticket's transfer to another city and/or committee (ADR 0038), with a fresh chain and stage clock. */
import { and, eq, isNull } from 'drizzle-orm';
import {
  decide,
  errorMessage,
  LAST_WORD_REFUSALS,
  type TransferRequest,
  transferPlaces,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { cities, committees, ticketStages, tickets, ticketTransfers } from '../../db/schema';
import { HttpError, notFound } from '../../httpError';
import { isRecused, recordRecusals, routeAroundConflicts } from '../recusal/interests';
import { syncStage } from '../sla/stages';
import { type AccessActor, canStaffSee } from '../tickets/access';
import { TICKET_NOT_FOUND } from '../tickets/notFound';
import { addEntry, bumpVersion, readState, refusal } from './lastWordState';
import type { Notifier } from './notifications';
import { chainOf } from './submit';

/** Who transfers: admin, or the city president of the ticket's city (the table checks the city). */
export interface TransferActor extends AccessActor {
  fullName: string;
  cityName: string | null;
}

/**
 * POST /tickets/{id}/transfer: to another city and/or committee; the new city's chain as at
 * submit, a fresh stage clock; the old city's lists no longer hold it.
 */
export async function transferTicket(
  db: AppDatabase,
  actor: TransferActor,
  id: number,
  body: TransferRequest,
  now: Date,
  notifier: Notifier,
): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await readState(tx, id);
    if (!state || !canStaffSee(actor, { cityId: state.cityId }) || (await isRecused(tx, id, actor.id)))
      throw notFound(TICKET_NOT_FOUND);
    const decision = decide({ role: actor.role, city: actor.cityName }, 'transfer', state, {
      comment: body.reason,
      version: body.version,
    });
    if (!decision.ok) throw refusal(decision, 'reason');
    const [city] = await tx
      .select({ id: cities.id, name: cities.name, convenorId: cities.convenorId })
      .from(cities)
      .where(eq(cities.id, body.cityId));
    if (!city)
      throw new HttpError(422, errorMessage('cityNotFound'), [
        { path: 'cityId', message: errorMessage('cityNotFound') },
      ]);
    const [committee] = await tx
      .select({ id: committees.id, name: committees.name })
      .from(committees)
      .where(eq(committees.id, body.committeeId));
    if (!committee) {
      throw new HttpError(422, errorMessage('committeeNotFound'), [
        { path: 'committeeId', message: errorMessage('committeeNotFound') },
      ]);
    }
    if (city.id === state.cityId && committee.id === state.committeeId) {
      throw new HttpError(422, errorMessage('transferSamePlace'), [
        {
          path: 'cityId',
          message: errorMessage('transferSamePlace'),
          code: LAST_WORD_REFUSALS.transferSamePlace,
        },
      ]);
    }
    const { from, to } = transferPlaces(
      {
        city: state.cityData?.name ?? '',
        committee: state.committeeName,
        cityId: state.cityId,
        committeeId: state.committeeId,
      },
      { city: city.name, committee: committee.name, cityId: city.id, committeeId: committee.id },
    );
    const reason = body.reason.trim();
    // The new city's chain, with its conflicted holders passed over too (ADR 0048).
    const [concern] = await tx
      .select({ againstName: tickets.againstName, concernsOfficeBearer: tickets.concernsOfficeBearer })
      .from(tickets)
      .where(eq(tickets.id, id));
    const routed = await routeAroundConflicts(tx, concern ?? {}, await chainOf(tx, city));
    const chain = routed.chain;
    const { closes: _closes, ...patch } = decision.patch;
    await bumpVersion(tx, id, {
      ...patch,
      cityId: city.id,
      committeeId: committee.id,
      ...chain,
      escalation: null,
    });
    await tx.insert(ticketTransfers).values({
      ticketId: id,
      fromCityId: state.cityId,
      toCityId: city.id,
      fromCommitteeId: state.committeeId,
      toCommitteeId: committee.id,
      reason,
      byId: actor.id,
      byName: actor.fullName,
      at: now,
    });
    await recordRecusals(
      tx,
      id,
      routed.recusals,
      null,
      { statusAfter: patch.status, assigneeAfter: patch.currentAssignee ?? null },
      now,
    );
    const transferred = await addEntry(tx, {
      ticketId: id,
      by: { id: actor.id, role: actor.role },
      kind: 'ticket.transferred',
      action: 'transfer',
      values: {
        fromCityId: state.cityId,
        toCityId: city.id,
        fromCommitteeId: state.committeeId,
        toCommitteeId: committee.id,
      },
      words: reason,
      status: patch.status,
      assignee: patch.currentAssignee ?? null,
      at: now,
    });
    // A fresh clock: the open stage closes as transferred and the new city's review opens.
    await tx
      .update(ticketStages)
      .set({
        leftAt: now,
        leftById: actor.id,
        leftBy: actor.fullName,
        outcome: 'transfer',
        nextAlertAt: null,
      })
      .where(and(eq(ticketStages.ticketId, id), isNull(ticketStages.leftAt)));
    const holder = await syncStage(tx, { ticketId: id, now, by: null, outcome: null });
    const params = { from, to };
    const refs = { reason: `words:${transferred}` } as const;
    await notifier.lastWord(tx, {
      ticketId: id,
      event: 'ticket.transferred',
      member: { template: 'ticketTransferredMember', params, refs },
      staff: [
        { userId: holder?.id ?? chain.cityPresidentId, template: 'ticketTransferredStaff', params, refs },
      ],
    });
  });
}
