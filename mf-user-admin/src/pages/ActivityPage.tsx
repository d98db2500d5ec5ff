import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_ADMIN_NS } from '../i18n';

export default function ActivityPage() {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Container size="lg" py="lg">
      <Title order={1}>{t('activity.title')}</Title>
    </Container>
  );
}
