/**
 * The member's chain tracker (docs/architecture.md#time-and-service-levels): what each
 * step of the ticket's chain says to the member. Reminders are the holder's own business and are
 * left out; an escalation names the role it went to; each interim reply shows its reason and date.
 */
import type { AlertLevel, Role, StageExtension, TicketStage } from 'shared-contracts';

export interface ChainStep {
  id: number;
  stage: TicketStage['stage'];
  holderRole: Role;
  enteredAt: string;
  /** When the step is expected to be done (after any interim reply). */
  expectedBy: string | null;
  /** When it was done; null while it is the current step. */
  doneAt: string | null;
  /** The roles it was escalated to, in order, once each. */
  escalatedTo: Role[];
  /** The interim replies of this step, oldest first. */
  extensions: StageExtension[];
  /** Past its expected time and not done (at `now`). */
  late: boolean;
}

const ESCALATIONS: ReadonlySet<AlertLevel> = new Set(['next-level', 'president']);

/** The chain as the member reads it, oldest step first. */
export function chainSteps(stages: readonly TicketStage[], now: Date): ChainStep[] {
  return [...stages]
    .sort((a, b) => Date.parse(a.enteredAt) - Date.parse(b.enteredAt))
    .map((stage) => {
      const escalatedTo: Role[] = [];
      for (const alert of stage.alerts) {
        if (ESCALATIONS.has(alert.level) && !escalatedTo.includes(alert.toRole))
          escalatedTo.push(alert.toRole);
      }
      const expectedBy = stage.dueAt ?? null;
      return {
        id: stage.id,
        stage: stage.stage,
        holderRole: stage.holderRole,
        enteredAt: stage.enteredAt,
        expectedBy,
        doneAt: stage.leftAt ?? null,
        escalatedTo,
        extensions: [...stage.extensions].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)),
        late: stage.leftAt == null && expectedBy !== null && Date.parse(expectedBy) <= now.getTime(),
      };
    });
}
