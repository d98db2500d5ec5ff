import { coercedIdSchema, TICKET_ID_PREFIX } from 'shared-contracts';

const TICKET_NUMBER = new RegExp(`^#?\\s*(?:${TICKET_ID_PREFIX}\\s*-?\\s*)?(\\d+)$`, 'i');

/**
 * The ticket a staff member names by its number, as the screens show it (`CREDAI-42`, `#CREDAI-42`)
 * or as digits alone (`42`); null when the text names no ticket.
 */
export function ticketNumberOf(text: string): number | null {
  const match = TICKET_NUMBER.exec(text.trim());
  if (!match) return null;
  const parsed = coercedIdSchema.safeParse(match[1]);
  return parsed.success ? parsed.data : null;
}
