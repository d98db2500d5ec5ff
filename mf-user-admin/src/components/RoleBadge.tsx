import { Badge } from '@mantine/core';
import { roleBadgeColor, roleLabel } from 'shared-contracts';

/**
 * Spec §6 role badge: Admin red, Credai President blue, City President green, Observer info,
 * Convenor yellow, Customer and others grey. The colour tints the background and the text stays
 * near-black, so every role reads at WCAG AA contrast.
 */
export function RoleBadge({ role }: { role: string }) {
  const color = roleBadgeColor(role);
  return (
    <Badge
      color={color}
      variant="light"
      c="dark.9"
      data-color={color}
      style={{ textTransform: 'none', minWidth: 'max-content' }}
    >
      {roleLabel(role)}
    </Badge>
  );
}
