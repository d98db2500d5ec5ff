import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A badge whose colour tints the background while the text stays near-black, so every colour of
 * the rules (status, role, active) reads at WCAG AA contrast. `data-color` names the rule's colour
 * for tests and styles.
 */
export function TintedBadge({
  color,
  children,
  ...props
}: BadgeProps & { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" c="dark.9" data-color={color} {...props}>
      {children}
    </Badge>
  );
}
