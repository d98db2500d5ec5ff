/**
 * The replies sent with a canned answer (ADR 0065), one row each, written in the reply's
 * transaction; the reports count them by day and chapter (services/reports/summary.ts).
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';

export interface CannedUse {
  cannedResponseId: number;
  ticketId: number;
  commentId: number;
  userId: number | null;
  cityId: number;
}

/**
 * Counts one use; an answer removed meanwhile counts nothing (the reply itself stands). Only the
 * answers the ticket's chapter may use count: every chapter's and the ticket's own.
 */
export async function recordCannedUse(tx: AppDatabase, use: CannedUse): Promise<void> {
  await tx.execute(sql`
    insert into canned_response_uses (canned_response_id, ticket_id, comment_id, user_id, city_id)
    select c.id, ${use.ticketId}, ${use.commentId}, ${use.userId}, ${use.cityId}
    from canned_responses c
    where c.id = ${use.cannedResponseId} and (c.city_id is null or c.city_id = ${use.cityId})`);
}
