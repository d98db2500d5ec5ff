/** The roles of docs/product.md#roles, compared case-insensitively and always stored lowercase. */
import * as z from 'zod/mini';

export const ROLES = [
  'admin',
  'credaipresident',
  'citypresident',
  'governor',
  'observer',
  'convenor',
  'customer',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles that work for one city (chapter): they act on, list and report on their own city's
 * tickets only, and are its office bearers (the monthly summary). The one list of them: the
 * workflow, the api's scopes and the screens read it from here.
 */
export const CITY_SCOPED_ROLES: readonly Role[] = ['citypresident', 'convenor', 'observer'];

/** A role in any case (`Admin`, ` CITYPRESIDENT `) becomes its lowercase name; others are refused. */
export const roleSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }),
);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
