import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_ADMIN_NS } from '../../../i18n';

/** The dash of an empty value (docs/product.md#user-management: Committee shows a dash when empty), read out as "None". */
export function EmptyValue() {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <>
      <span aria-hidden="true">{t('users.none')}</span>
      <VisuallyHidden>{t('users.noneLabel')}</VisuallyHidden>
    </>
  );
}
