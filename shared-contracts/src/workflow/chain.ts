/**
 * The review chain's stages once (docs/workflow.md, docs/architecture.md#time-and-service-levels):
 * which stage each assignee of the chain holds, which role holds each stage, and whom an overdue
 * stage escalates to. The api's stage log, scheduler and messages read them from here.
 */
import type { Role } from '../schemas/role';
import type { AlertLevel, ChainStage, SlaStage } from '../schemas/stages';
import type { Assignee } from '../schemas/tickets';

/** The chain in order: each stage, the assignee the ticket names while in it, and the role that holds it. */
export const CHAIN: readonly { stage: ChainStage; assignee: Assignee; role: Role }[] = [
  { stage: 'review', assignee: 'CityPresident', role: 'citypresident' },
  { stage: 'resolution', assignee: 'Convenor', role: 'convenor' },
  { stage: 'approval', assignee: 'Observer', role: 'observer' },
];

/** The assignees of the chain (Admin and Completed hold no stage). */
export type ChainAssignee = 'CityPresident' | 'Convenor' | 'Observer';

/** The stage an assignee of the chain holds. */
export const STAGE_OF_ASSIGNEE = Object.fromEntries(
  CHAIN.map((link) => [link.assignee, link.stage]),
) as Readonly<Record<ChainAssignee, ChainStage>>;

/** The role that holds each stage: the chain's, and the association president's appeal decision (ADR 0038). */
export const STAGE_HOLDER_ROLE: Readonly<Record<SlaStage, Role>> = {
  ...(Object.fromEntries(CHAIN.map((link) => [link.stage, link.role])) as Record<ChainStage, Role>),
  appeal: 'credaipresident',
};

/** Whether an assignee holds a stage of the chain. */
export const isChainAssignee = (assignee: string | null | undefined): assignee is ChainAssignee =>
  CHAIN.some((link) => link.assignee === assignee);

/**
 * Whom an overdue stage's alert goes to (ADR 0033), before absences: the holder's reminder at
 * 80 %; at 100 % the chapter's office bearer, or the association president for the office bearer's
 * own stage; at 150 % the association president.
 */
export function alertRole(stage: SlaStage, level: AlertLevel): Role | 'holder' {
  if (level === 'reminder') return 'holder';
  if (level === 'next-level' && stage !== 'approval' && stage !== 'appeal') return 'observer';
  return 'credaipresident';
}
