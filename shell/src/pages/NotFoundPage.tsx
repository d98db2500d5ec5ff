import { Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SHELL_NS } from '../i18n';

export function NotFoundPage() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <Container size="xs" py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text my="md">{t('notFound.body')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}
