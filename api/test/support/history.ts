/**
 * A ticket's stored history rows as tests look at them: every column as stored, with `text` as the
 * api renders the entry (ADR 0045: events are stored, sentences are rendered when read).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { ticketComments } from '../../src/db/schema';
import { readHistory } from '../../src/services/history/historyStore';
import { toAttachment } from '../../src/services/tickets/ticketReader';

export async function historyRows(app: App, ticketId: number, action?: string) {
  const rows = await app.db
    .select()
    .from(ticketComments)
    .where(and(eq(ticketComments.ticketId, ticketId), action ? eq(ticketComments.action, action) : undefined))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  const shown = (await readHistory(app.db, [ticketId], toAttachment)).get(ticketId) ?? [];
  return rows.map((row) => ({ ...row, text: shown.find((entry) => entry.id === row.id)?.text }));
}
