import { isRole, type Role } from '../schemas/role';

/**
 * docs/product.md#roles: the role is compared case-insensitively and defaults to customer. The result is the
 * lowercase text (an unknown role stays as it is: some rules treat unknown roles like admin).
 */
export function normaliseRole(role: string | null | undefined): string {
  const trimmed = role?.trim().toLowerCase();
  return trimmed ? trimmed : 'customer';
}

/** The known role, or undefined for an unknown one. */
export function knownRole(role: string | null | undefined): Role | undefined {
  const normalised = normaliseRole(role);
  return isRole(normalised) ? normalised : undefined;
}
