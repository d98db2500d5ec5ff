/**
 * docs/product.md#roles: the role is compared case-insensitively and defaults to customer. The result is the
 * lowercase text (an unknown role stays as it is: some rules treat unknown roles like admin).
 */
export function normaliseRole(role: string | null | undefined): string {
  const trimmed = role?.trim().toLowerCase();
  return trimmed ? trimmed : 'customer';
}
