import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../i18n';

/** A screen that is, for now, its product heading only (the desks are headings by design). */
export function HeadingPage({ textKey }: { textKey: string }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <Container size="xl" py="lg">
      <Title order={1}>{t(textKey)}</Title>
    </Container>
  );
}
