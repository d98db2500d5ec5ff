import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_ADMIN_NS } from '../i18n';

/** Spec §2 status badge: Active or Inactive. */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const color = active ? 'green' : 'gray';
  return (
    <Badge
      color={color}
      variant="light"
      c="dark.9"
      data-color={color}
      style={{ textTransform: 'none', minWidth: 'max-content' }}
    >
      {active ? t('users.active') : t('users.inactive')}
    </Badge>
  );
}
