import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { SAMPLE_TICKETS } from './sampleData';

/** docs/product.md#placeholder-screens 'All Tickets sample page': made-up ticket cards, marked as a preview. */
export function SampleTickets() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('allTickets.samplesTitle')}
        </Title>
        <Badge color="grape" variant="light">
          {t('preview.badge')}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        {t('allTickets.samplesIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SAMPLE_TICKETS.map((sample) => (
          <Card key={sample.ticketId} withBorder radius="md">
            <Group justify="space-between" mb={4}>
              <Text fw={700}>{sample.ticketId}</Text>
              <Badge variant="light" color="gray">
                {sample.status}
              </Badge>
            </Group>
            <Text size="sm" fw={600}>
              {sample.title}
            </Text>
            <Text size="xs" c="gray.7" mt={4}>
              {t('allTickets.block')} {sample.block} · {t('allTickets.location')}: {sample.location} ·{' '}
              {sample.date} {sample.time}
            </Text>
            <Text size="xs" c="gray.7">
              {t('allTickets.assignee')}: {sample.assignee} · {t('allTickets.createdBy')}: {sample.createdBy}{' '}
              · {t('allTickets.responses', { count: sample.responses ?? 0 })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
