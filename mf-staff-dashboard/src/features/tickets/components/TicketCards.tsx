import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime, type Ticket, ticketIdDisplay } from 'shared-contracts';
import { DueBadge } from '../../../components/DueBadge';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { cardDescriptionPreview } from '../rules/descriptionPreview';
import { StatusBadge } from './StatusBadge';

/** docs/product.md#ticket-list-panel mobile layout (under 768 px): one card per ticket. */
export function TicketCards({ tickets, onView }: { tickets: Ticket[]; onView: (ticket: Ticket) => void }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('list.tableLabel')}
    >
      {tickets.map((ticket) => {
        const id = ticketIdDisplay(ticket.id);
        return (
          <Card key={ticket.id} component="li" withBorder padding="md" aria-label={id}>
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Text fw={700}>{id}</Text>
              <Group gap={6} justify="flex-end">
                <DueBadge ticket={ticket} />
                <StatusBadge status={ticket.status} />
              </Group>
            </Group>
            <Text size="sm">
              <Text span c="gray.7" size="sm">
                {t('list.member')}:{' '}
              </Text>
              {ticket.customer?.fullName ?? ''}
            </Text>
            <Text size="sm" mt={4}>
              {cardDescriptionPreview(ticket.description)}
            </Text>
            <SimpleGrid cols={2} mt="xs" spacing="xs">
              <Text size="sm">
                <Text span c="gray.7" size="sm">
                  {t('list.date')}:{' '}
                </Text>
                {formatDate(ticket.createdAt)}
              </Text>
              <Text size="sm">
                <Text span c="gray.7" size="sm">
                  {t('list.time')}:{' '}
                </Text>
                {formatTime(ticket.createdAt)}
              </Text>
            </SimpleGrid>
            <Button mt="sm" fullWidth variant="light" onClick={() => onView(ticket)}>
              {t('list.viewDetails')}
            </Button>
          </Card>
        );
      })}
    </Stack>
  );
}
