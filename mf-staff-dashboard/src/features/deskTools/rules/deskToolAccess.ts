/**
 * Who uses the desk tools' screens (ADR 0065, ADR 0066); the api is the authority and refuses the
 * rest all the same. Files a complaint for a member: admins for any city, a chapter's city
 * president, convenor and office bearer for their own. Keeps canned answers: admins and city
 * presidents.
 */
import { CITY_SCOPED_ROLES, type City, normaliseRole } from 'shared-contracts';

export function mayFileForMember(role: string | null | undefined): boolean {
  const normalised = normaliseRole(role);
  return normalised === 'admin' || (CITY_SCOPED_ROLES as readonly string[]).includes(normalised);
}

export function mayKeepCannedAnswers(role: string | null | undefined): boolean {
  const normalised = normaliseRole(role);
  return normalised === 'admin' || normalised === 'citypresident';
}

/** The cities a filer may file for: every one for admins, their own for a chapter's office bearers. */
export function filingCities(
  role: string | null | undefined,
  userCity: string | null | undefined,
  cities: readonly City[],
): City[] {
  if (normaliseRole(role) === 'admin') return [...cities];
  const own = userCity?.trim().toLowerCase();
  return cities.filter((city) => city.name.trim().toLowerCase() === own);
}
