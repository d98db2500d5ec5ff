import { normaliseRole, type Role, STAGE_HOLDER_ROLE, type Ticket, ticketCity } from 'shared-contracts';

/** The ticket field naming the holder of each stage of the chain. */
const HOLDER_FIELD = {
  review: 'cityPresidentId',
  resolution: 'convenorId',
  approval: 'observerId',
} as const;

type HeldTicket = Pick<
  Ticket,
  'stage' | 'cityPresidentId' | 'convenorId' | 'observerId' | 'city' | 'cityData'
>;

/**
 * The role and city the signed-in user acts in when a recusal handed them the ticket's open stage
 * (ADR 0048: the association president holding a conflicted city president's review approves as
 * the city president, through `POST /tickets/{id}/holder-action`); null when they do not hold the
 * open stage, or hold it in their own role (their own action call then applies).
 */
export function holderActor(
  user: { id: number; role: string } | null | undefined,
  ticket: HeldTicket,
): { role: Role; city: string | null } | null {
  const stage = ticket.stage;
  if (!user || !stage || !(stage in HOLDER_FIELD)) return null;
  if (ticket[HOLDER_FIELD[stage as keyof typeof HOLDER_FIELD]] !== user.id) return null;
  const role = STAGE_HOLDER_ROLE[stage];
  if (normaliseRole(user.role) === role) return null;
  return { role, city: ticketCity(ticket) || null };
}
