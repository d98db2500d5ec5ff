/**
 * The list's project filter as the address carries it (`?project=12`, ADR 0055): the project page
 * links to the list with it, and a reload keeps it. Anything but an id is no filter.
 */
import { coercedIdSchema } from 'shared-contracts';

export const PROJECT_PARAM = 'project';

/** The project a `?project=` value names, or null. */
export function projectFilterOf(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const parsed = coercedIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
