import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A badge in one of the rule colours (statusBadgeColor, currentAssigneeBadgeColor) with text at
 * WCAG AA contrast: dark text on the light hues (green, yellow, cyan), white on the dark ones.
 */
const SHADES: Record<string, { color: string; c: string }> = {
  green: { color: 'green.6', c: 'black' },
  yellow: { color: 'yellow.6', c: 'black' },
  cyan: { color: 'cyan.6', c: 'black' },
  blue: { color: 'blue.9', c: 'white' },
  red: { color: 'red.9', c: 'white' },
  gray: { color: 'gray.7', c: 'white' },
};

export function ColorBadge({ color, children }: { color: string; children: ReactNode }) {
  const shade = SHADES[color] ?? { color, c: 'white' };
  return (
    <Badge
      variant="filled"
      color={shade.color}
      c={shade.c}
      size="lg"
      radius="sm"
      tt="none"
      data-color={color}
    >
      {children}
    </Badge>
  );
}
