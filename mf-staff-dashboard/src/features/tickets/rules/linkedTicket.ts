import { coercedIdSchema, STAFF_TICKET_PARAM } from 'shared-contracts';

/** The query parameter of a link to one ticket's details dialog (`/dashboard?ticket=42`). */
export const LINKED_TICKET_PARAM = STAFF_TICKET_PARAM;

/**
 * The ticket a link asks to open (docs/architecture.md#conversation-and-notifications: staff
 * emails link to `/dashboard?ticket={id}`), or null when the link names none or no valid id.
 */
export function linkedTicketId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const parsed = coercedIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
