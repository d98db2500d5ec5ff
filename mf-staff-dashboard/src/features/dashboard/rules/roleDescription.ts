import { normaliseRole } from 'shared-contracts';

/** docs/product.md#overview: the roles the information card describes (texts: `info.descriptions`). */
const DESCRIBED = new Set(['citypresident', 'convenor', 'observer', 'admin', 'credaipresident']);

/**
 * The catalogue key of a role's information card text, or null when the first description of the
 * product gives none (governor, customer, unknown).
 */
export function roleDescription(role: string | null | undefined): string | null {
  const normalised = normaliseRole(role);
  return DESCRIBED.has(normalised) ? `info.descriptions.${normalised}` : null;
}
