import { useTranslation } from 'react-i18next';
import { roleLabel, say, TintedBadge } from 'shared-contracts';
import { roleBadgeColor } from '../rules/roleBadgeColor';

/**
 * docs/product.md#roles role badge: Admin red, Credai President blue, City President green, Observer info,
 * Convenor yellow, Customer and others grey.
 */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <TintedBadge color={roleBadgeColor(role)} style={{ textTransform: 'none', minWidth: 'max-content' }}>
      {say(t, roleLabel(role))}
    </TintedBadge>
  );
}
