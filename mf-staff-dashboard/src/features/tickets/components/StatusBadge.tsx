import { Badge } from '@mantine/core';
import { statusBadgeColor, statusLabel } from 'shared-contracts';

/**
 * Spec §4: the list and its details dialog colour the badge the same way. The colour tints the
 * background; the text stays near-black so every status reads at WCAG AA contrast.
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const color = statusBadgeColor(status, 'list');
  return (
    <Badge
      color={color}
      variant="light"
      c="dark.9"
      data-color={color}
      // A narrow table column never cuts the status short.
      styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {statusLabel(status)}
    </Badge>
  );
}
