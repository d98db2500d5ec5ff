import { useTranslation } from 'react-i18next';
import { TintedBadge } from 'shared-contracts';
import { USER_ADMIN_NS } from '../i18n';

/** docs/product.md#user-management status badge: Active or Inactive. */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <TintedBadge color={active ? 'green' : 'gray'} style={{ textTransform: 'none', minWidth: 'max-content' }}>
      {active ? t('users.active') : t('users.inactive')}
    </TintedBadge>
  );
}
