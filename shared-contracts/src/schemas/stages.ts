/**
 * The names of time on a ticket (docs/architecture.md#time-and-service-levels), apart
 * from the rest of the SLA schemas so the ticket schemas can use them without an import cycle.
 */
import * as z from 'zod/mini';

/**
 * The stages of the chain, in order: the city president's review, the convenor's resolution, the
 * office bearer's final approval; then, for an appealed ticket, the association president's
 * decision (30 calendar days, not the chapter's working hours: ADR 0038).
 */
export const SLA_STAGES = ['review', 'resolution', 'approval', 'appeal'] as const;
export type SlaStage = (typeof SLA_STAGES)[number];
/** The stages of the review chain, timed in the chapter's working hours. */
export const CHAIN_STAGES = ['review', 'resolution', 'approval'] as const satisfies readonly SlaStage[];
export type ChainStage = (typeof CHAIN_STAGES)[number];
export const slaStageSchema = z.enum(SLA_STAGES);

/**
 * What the scheduler does as a stage's time runs out, each once per stage: a reminder to the holder
 * at 80 %, an escalation to the next level at 100 %, to the association president at 150 %.
 */
export const ALERT_LEVELS = ['reminder', 'next-level', 'president'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];
export const alertLevelSchema = z.enum(ALERT_LEVELS);
/** The share of a stage's working time at which each level acts, in percent. */
export const ALERT_PERCENT: Record<AlertLevel, number> = { reminder: 80, 'next-level': 100, president: 150 };

/** List filters on the due time: past it, or past the reminder point (80 %) and not yet past it. */
export const DUE_FILTERS = ['overdue', 'soon'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const dueFilterSchema = z.enum(DUE_FILTERS);

/** List orders besides the default (newest first): `due`, the earliest due time first. */
export const TICKET_SORTS = ['due'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];
export const ticketSortSchema = z.enum(TICKET_SORTS);
