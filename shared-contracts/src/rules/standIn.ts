/**
 * Who may stand in for whom during an absence (docs/architecture.md#time-and-service-levels): a
 * person of the same role or a higher one, of the same city when the absent person's role is
 * bound to a city. The api enforces it; the absence form offers only the people it allows.
 */
import { CITY_SCOPED_ROLES } from '../schemas/role';
import { normaliseRole } from './normaliseRole';

/**
 * The rank of each staff role in the chain: the convenor resolves, the city president heads the
 * chapter, the office bearer (observer) and the governor oversee it, the association president
 * and the admin stand over every chapter. A customer has no rank.
 */
export const ROLE_RANK: Readonly<Record<string, number>> = {
  convenor: 1,
  citypresident: 2,
  observer: 3,
  governor: 3,
  credaipresident: 4,
  admin: 5,
};

/** The roles whose people work for one chapter. */
const CITY_BOUND = new Set<string>(CITY_SCOPED_ROLES);

export interface StandInPerson {
  id: number;
  role: string | null | undefined;
  city: string | null | undefined;
}

function sameCity(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = a?.trim().toLowerCase();
  return Boolean(left) && left === b?.trim().toLowerCase();
}

/** Whether `candidate` may stand in for `absent`: another person, same role or higher, same city when bound to one. */
export function canStandIn(absent: StandInPerson, candidate: StandInPerson): boolean {
  if (absent.id === candidate.id) return false;
  const absentRank = ROLE_RANK[normaliseRole(absent.role)];
  const candidateRole = normaliseRole(candidate.role);
  const candidateRank = ROLE_RANK[candidateRole];
  if (absentRank === undefined || candidateRank === undefined || candidateRank < absentRank) return false;
  if (!CITY_BOUND.has(normaliseRole(absent.role))) return true;
  // A higher role over every chapter (association president, admin) has no city to match.
  return !CITY_BOUND.has(candidateRole) || sameCity(absent.city, candidate.city);
}
