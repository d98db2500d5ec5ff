import { useTranslation } from 'react-i18next';
import { say, statusBadgeColor, statusLabel, TintedBadge } from 'shared-contracts';

/** docs/product.md#ticket-states: the list and its details dialog colour the badge the same way. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <TintedBadge
      color={statusBadgeColor(status, 'list')}
      // A narrow table column never cuts the status short.
      styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {say(t, statusLabel(status))}
    </TintedBadge>
  );
}
