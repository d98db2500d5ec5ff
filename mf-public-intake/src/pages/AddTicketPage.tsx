import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PUBLIC_INTAKE_NS } from '../i18n';

export default function AddTicketPage() {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  return (
    <Container size="sm" py="lg">
      <Title order={1}>{t('addTicket.title')}</Title>
    </Container>
  );
}
