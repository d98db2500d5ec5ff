import { Alert, Badge, Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

/**
 * The frame of a placeholder screen (docs/product.md#placeholder-screens: static sample data only): its heading with a
 * Preview badge and a notice that nothing on it is real, so nobody mistakes it for a working form.
 */
export function PreviewPage({
  title,
  actions,
  lead,
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** A working part of the screen, shown under the heading and before the preview's notice. */
  lead?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={1}>{title}</Title>
            <Badge color="grape" variant="light" size="lg">
              {t('preview.badge')}
            </Badge>
          </Group>
          {actions}
        </Group>
        {lead}
        <Alert color="grape" variant="light">
          {t('preview.notice')}
        </Alert>
        {children}
      </Stack>
    </Container>
  );
}
