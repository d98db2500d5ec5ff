import { ActionIcon, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime, type Ticket, ticketIdDisplay } from 'shared-contracts';
import { DueBadge } from '../../../components/DueBadge';
import { EyeIcon } from '../../../components/icons';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { tableDescriptionPreview } from '../rules/descriptionPreview';
import { StatusBadge } from './StatusBadge';

/** docs/product.md#ticket-list-panel desktop table: one row per ticket, the eye icon opens the details. */
export function TicketTable({ tickets, onView }: { tickets: Ticket[]; onView: (ticket: Ticket) => void }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('list.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.columns.id')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.userName')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.description')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.createdDate')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.createdTime')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => {
            const id = ticketIdDisplay(ticket.id);
            return (
              <Table.Tr key={ticket.id}>
                <Table.Td>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {id}
                  </Text>
                </Table.Td>
                <Table.Td>{ticket.customer?.fullName ?? ''}</Table.Td>
                <Table.Td>{tableDescriptionPreview(ticket.description)}</Table.Td>
                <Table.Td>
                  {/* The open stage's due time sits under the status: the table's columns stay those of docs/product.md#ticket-list-panel. */}
                  <Stack gap={4} align="flex-start">
                    <StatusBadge status={ticket.status} />
                    <DueBadge ticket={ticket} />
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(ticket.createdAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(ticket.createdAt)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('list.view', { id })}
                    onClick={() => onView(ticket)}
                  >
                    <EyeIcon />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
