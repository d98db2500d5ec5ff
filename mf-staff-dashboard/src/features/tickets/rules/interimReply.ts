/**
 * Who is offered the interim reply (docs/architecture.md#time-and-service-levels): the
 * holder of the ticket's open stage, that is a user of the stage's holder role (and of the
 * ticket's city, for the roles bound to a city), while the stage has a due time. The api stays
 * the authority: it refuses anyone else with 403, and the dialog shows that refusal.
 */
import { normaliseRole, type TicketStage } from 'shared-contracts';

/** The stage still open (not left yet), if any. */
export function openStage(stages: readonly TicketStage[] | undefined): TicketStage | undefined {
  return stages?.find((stage) => stage.leftAt == null);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether `user` holds `stage` of a ticket of `ticketCity` and may post an interim reply on it. */
export function canPostInterimReply(
  user: { role?: string | null; city?: string | null } | null | undefined,
  ticketCity: string,
  stage: TicketStage | undefined,
): boolean {
  if (!user || !stage || stage.leftAt != null || !stage.dueAt) return false;
  if (normaliseRole(user.role) !== stage.holderRole) return false;
  return !user.city || !ticketCity || same(user.city, ticketCity);
}

/** The first day an interim reply may name: the day after the current due time, in `YYYY-MM-DD`. */
export function earliestExpectedBy(dueAt: string, timeZone = 'Asia/Kolkata'): string {
  const dueDay = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(dueAt));
  const [year, month, day] = dueDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}
