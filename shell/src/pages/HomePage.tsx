import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../i18n';

/** `/`: the public landing and login target (the sign-in form arrives with the shell's sign-in work). */
export function HomePage() {
  const { t } = useTranslation([SHELL_NS, 'common']);
  return (
    <Container size="xs" py="xl">
      <Title order={1}>{t('common:appName')}</Title>
      <Text mt="md">{t('login.welcome')}</Text>
    </Container>
  );
}
