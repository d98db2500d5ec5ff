import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  errorText,
  formatDateTime,
  messageChannelText,
  messageEventText,
  say,
  TintedBadge,
  ticketMessagesQuery,
} from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { STATUS_BADGES } from '../rules/messageLabels';

/** While a message waits for its worker, the list looks again this often. */
const QUEUED_REFRESH_MS = 5_000;

/**
 * The messages sent about the ticket (docs/architecture.md#conversation-and-notifications):
 * channel, recipient (masked by the api), what it was about, its state and when it went.
 */
export function TicketMessages({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const messages = useQuery({
    ...ticketMessagesQuery(ticketId),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((message) => message.status === 'queued') ? QUEUED_REFRESH_MS : false,
  });

  if (messages.isPending) return <Loader size="xs" role="status" aria-label={t('messages.title')} />;
  if (messages.isError)
    return (
      <Alert color="yellow" variant="light">
        {t('messages.loadFailed', { message: errorText(t, messages.error) })}
      </Alert>
    );
  if (messages.data.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('messages.none')}
      </Text>
    );
  return (
    // On a phone the table scrolls sideways: its scrolling box takes the focus, so a keyboard can scroll it.
    <Table.ScrollContainer
      minWidth={520}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('messages.title') } }}
    >
      <Table aria-label={t('messages.title')} fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('messages.channelColumn')}</Table.Th>
            <Table.Th>{t('messages.toColumn')}</Table.Th>
            <Table.Th>{t('messages.whatColumn')}</Table.Th>
            <Table.Th>{t('messages.stateColumn')}</Table.Th>
            <Table.Th>{t('messages.timeColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.data.map((message) => {
            const badge = STATUS_BADGES[message.status];
            return (
              <Table.Tr key={message.id}>
                <Table.Td>{say(t, messageChannelText(message.channel))}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{message.to}</Table.Td>
                <Table.Td>{say(t, messageEventText(message.event))}</Table.Td>
                <Table.Td>
                  <TintedBadge color={badge.color}>{t(badge.key)}</TintedBadge>
                </Table.Td>
                <Table.Td>
                  {message.sentAt ? formatDateTime(message.sentAt) : t('messages.notSentYet')}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
