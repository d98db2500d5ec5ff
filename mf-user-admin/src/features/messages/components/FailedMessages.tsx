import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  errorText,
  type FailedMessage,
  formatDateTime,
  messageChannelText,
  messageEventText,
  say,
  ticketIdDisplay,
} from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { QueryFrame } from '../../../components/QueryFrame';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { USER_ADMIN_NS } from '../../../i18n';
import { useFailedMessages, useRetryMessage } from '../api/useFailedMessages';

interface RowProps {
  message: FailedMessage;
  retrying: boolean;
  onRetry: (message: FailedMessage) => void;
}

/** One message's facts as the table and the cards show them. */
function useMessageFacts(message: FailedMessage) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const what = say(t, messageEventText(message.event));
  return {
    channel: say(t, messageChannelText(message.channel)),
    what,
    // The staff dashboard opens a ticket's dialog from this link (as in staff emails).
    ticket:
      message.ticketId === null ? (
        t('failedMessages.noTicket')
      ) : (
        <Anchor component={Link} to={`/dashboard?ticket=${message.ticketId}`} size="sm">
          {ticketIdDisplay(message.ticketId)}
        </Anchor>
      ),
    lastError: message.lastError || t('failedMessages.noError'),
    time: formatDateTime(message.createdAt),
    retryLabel: t('failedMessages.retryLabel', { id: message.id, what, to: message.to }),
    cardLabel: t('failedMessages.cardLabel', { id: message.id, what, to: message.to }),
  };
}

function RetryButton({ message, retrying, onRetry, label }: RowProps & { label: string }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={label}
      loading={retrying}
      loaderProps={{ 'aria-label': t('failedMessages.retrying') }}
      onClick={() => onRetry(message)}
    >
      {t('failedMessages.retry')}
    </Button>
  );
}

/** Short values that read badly broken over lines (a masked address, a ticket number). */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function MessageRow(props: RowProps) {
  const facts = useMessageFacts(props.message);
  return (
    <Table.Tr>
      <Table.Td>{facts.channel}</Table.Td>
      <Table.Td style={NO_WRAP}>{props.message.to}</Table.Td>
      <Table.Td>{facts.what}</Table.Td>
      <Table.Td style={NO_WRAP}>{facts.ticket}</Table.Td>
      <Table.Td ta="right">{props.message.attempts}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{facts.lastError}</Table.Td>
      <Table.Td>{facts.time}</Table.Td>
      <Table.Td>
        <RetryButton {...props} label={facts.retryLabel} />
      </Table.Td>
    </Table.Tr>
  );
}

function MessagesTable({ messages, retryingId, onRetry }: Shared) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    // On a narrow window the table scrolls sideways: its scrolling box takes the focus, so a keyboard can scroll it.
    <Table.ScrollContainer
      minWidth={860}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('failedMessages.table') },
      }}
    >
      <Table aria-label={t('failedMessages.table')} fz="sm" verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('failedMessages.columns.channel')}</Table.Th>
            <Table.Th>{t('failedMessages.columns.to')}</Table.Th>
            <Table.Th>{t('failedMessages.columns.what')}</Table.Th>
            <Table.Th>{t('failedMessages.columns.ticket')}</Table.Th>
            <Table.Th ta="right">{t('failedMessages.columns.attempts')}</Table.Th>
            <Table.Th>{t('failedMessages.columns.lastError')}</Table.Th>
            <Table.Th>{t('failedMessages.columns.time')}</Table.Th>
            <Table.Th>{t('failedMessages.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              retrying={retryingId === message.id}
              onRetry={onRetry}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const LAST_ERROR_FIELD = 5;

function MessageCard(props: RowProps) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const facts = useMessageFacts(props.message);
  const fields: [string, ReactNode][] = [
    [t('failedMessages.columns.channel'), facts.channel],
    [t('failedMessages.columns.to'), props.message.to],
    [t('failedMessages.columns.what'), facts.what],
    [t('failedMessages.columns.ticket'), facts.ticket],
    [t('failedMessages.columns.attempts'), props.message.attempts],
    [t('failedMessages.columns.lastError'), facts.lastError],
    [t('failedMessages.columns.time'), facts.time],
  ];
  return (
    <Card component="li" withBorder radius="md" p="sm" aria-label={facts.cardLabel}>
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
        {fields.map(([label, value], index) => (
          // The last error is the long one: it gets the card's whole width.
          <div key={label} style={index === LAST_ERROR_FIELD ? { gridColumn: '1 / -1' } : undefined}>
            <Text component="dt" size="xs" c="gray.7" fw={600}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <RetryButton {...props} label={facts.retryLabel} />
      </Group>
    </Card>
  );
}

interface Shared {
  messages: FailedMessage[];
  retryingId: number | null;
  onRetry: (message: FailedMessage) => void;
}

function MessageCards({ messages, retryingId, onRetry }: Shared) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      aria-label={t('failedMessages.list')}
      style={{ listStyle: 'none' }}
    >
      {messages.map((message) => (
        <MessageCard
          key={message.id}
          message={message}
          retrying={retryingId === message.id}
          onRetry={onRetry}
        />
      ))}
    </Stack>
  );
}

/**
 * The messages the outbox gave up on (docs/architecture.md#conversation-and-notifications): channel,
 * masked recipient, what it was about, its ticket, attempts, the last error and when it was
 * queued, each with Retry (queued again, due now). Admins only; the api refuses anyone else.
 */
export function FailedMessages() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const mobile = useIsMobile();
  const list = useFailedMessages();
  const retry = useRetryMessage();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const retryingId = retry.isPending ? (retry.variables ?? null) : null;

  const onRetry = (message: FailedMessage) => {
    setOutcome(null);
    retry.mutate(message.id, {
      onSuccess: () => setOutcome({ ok: true, text: t('failedMessages.retried', { id: message.id }) }),
      onError: (error) =>
        setOutcome({
          ok: false,
          text: t('failedMessages.retryFailed', { id: message.id, message: errorText(t, error) }),
        }),
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('failedMessages.intro')}
      </Text>
      {outcome && (
        <Banner color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Banner>
      )}
      <QueryFrame
        query={list}
        loadFailed={t('failedMessages.loadFailed')}
        retryLabel={t('failedMessages.reload')}
        loadingLabel={t('failedMessages.loading')}
      >
        {list.data && list.data.length === 0 ? (
          <Text c="gray.7" py="lg" ta="center">
            {t('failedMessages.empty')}
          </Text>
        ) : (
          list.data &&
          (mobile ? (
            <MessageCards messages={list.data} retryingId={retryingId} onRetry={onRetry} />
          ) : (
            <MessagesTable messages={list.data} retryingId={retryingId} onRetry={onRetry} />
          ))
        )}
      </QueryFrame>
    </Stack>
  );
}
