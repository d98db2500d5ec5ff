import { Alert, Anchor, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  APPEAL_PAGE_SIZE,
  type Appeal,
  type AppealListQuery,
  errorText,
  formatDate,
  formatDateTime,
  pageCount,
  ticketIdDisplay,
} from 'shared-contracts';
import { AppealStateBadge } from '../../../components/AppealStateBadge';
import { DueBadge } from '../../../components/DueBadge';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useAppeals } from '../api/useAppeals';
import { AppealDecisionDialog } from './AppealDecisionDialog';

type ListState = NonNullable<AppealListQuery['state']>;
const STATES: readonly ListState[] = ['open', 'decided'];

/** One line of label and value inside an appeal's card. */
function Line({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="gray.7" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

function AppealCard({ appeal, onDecide }: { appeal: Appeal; onDecide: (appeal: Appeal) => void }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const open = appeal.outcome === null;
  return (
    <Card
      component="li"
      withBorder
      padding="md"
      aria-label={t('appeals.cardLabel', { ticket: ticketIdDisplay(appeal.ticketId) })}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>{ticketIdDisplay(appeal.ticketId)}</Text>
          <Group gap={6} justify="flex-end">
            {open && <DueBadge ticket={{ dueAt: appeal.dueAt, dueSoonAt: null }} />}
            <AppealStateBadge appeal={appeal} />
          </Group>
        </Group>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {appeal.title}
        </Text>
        {/* On a phone the three wrap onto lines as close as the card's other lines. */}
        <Group gap="md" wrap="wrap" style={{ rowGap: 6 }}>
          <Line label={t('appeals.city')}>{appeal.city ?? t('details.notProvided')}</Line>
          <Line label={t('appeals.committee')}>{appeal.committee ?? t('details.notProvided')}</Line>
          <Line label={t('appeals.member')}>{appeal.memberName ?? t('details.notProvided')}</Line>
        </Group>
        <Line label={t('appeals.filedAt')}>{formatDateTime(appeal.filedAt)}</Line>
        {open && <Line label={t('appeals.dueAt')}>{formatDate(appeal.dueAt)}</Line>}
        <Text size="xs" c="gray.7" fw={600}>
          {t('appeals.reason')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {appeal.reason}
        </Text>
        {!open && (
          <>
            <Line label={t('appeals.decidedAt')}>
              {appeal.decidedAt ? formatDateTime(appeal.decidedAt) : ''}
            </Line>
            <Text size="xs" c="gray.7" fw={600}>
              {t('appeals.decisionReason')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {appeal.decisionReason}
            </Text>
          </>
        )}
        <Group gap="sm" mt={4} wrap="wrap">
          {open && <Button onClick={() => onDecide(appeal)}>{t('appeals.decide.open')}</Button>}
          <Anchor
            component={Link}
            to={`/dashboard?ticket=${appeal.ticketId}`}
            size="sm"
            aria-label={t('appeals.openTicketLabel', { ticket: ticketIdDisplay(appeal.ticketId) })}
          >
            {t('appeals.openTicket')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The association president's Appeals (docs/architecture.md#the-members-last-word): the open
 * appeals first, by due time (the api's order), each with the ticket's title, city, committee and
 * member, the appeal's reason, its due badge, and Decide; the decided ones on the other tab with
 * the decision. A decision invalidates the lists and the tickets.
 */
export function AppealsPanel() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const [state, setState] = useState<ListState>('open');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Appeal | null>(null);
  const appeals = useAppeals({ state, page });
  const total = appeals.data?.total;
  const pages = pageCount(total ?? 0, APPEAL_PAGE_SIZE);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id={titleId}>
            {t('appeals.title')}
          </Title>
          <Group gap={6} role="group" aria-label={t('appeals.stateFilter')}>
            {STATES.map((option) => (
              <Button
                key={option}
                size="xs"
                variant={state === option ? 'filled' : 'default'}
                aria-pressed={state === option}
                onClick={() => {
                  setState(option);
                  setPage(1);
                }}
              >
                {t(`appeals.states.${option}`)}
              </Button>
            ))}
          </Group>
        </Group>
        {appeals.error ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('appeals.failed', { message: errorText(t, appeals.error) })}</Text>
              <Button size="xs" variant="default" onClick={() => void appeals.refetch()}>
                {t('dashboard.retry')}
              </Button>
            </Group>
          </Alert>
        ) : !appeals.data ? (
          <Stack gap="xs" aria-busy>
            <Skeleton height={96} />
            <Skeleton height={96} />
          </Stack>
        ) : appeals.data.appeals.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t(`appeals.empty.${state}`)}
          </Text>
        ) : (
          <>
            <Text size="sm" c="gray.7">
              {t(`appeals.count.${state}`, { count: total ?? 0 })}
            </Text>
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t(`appeals.listLabel.${state}`)}
            >
              {appeals.data.appeals.map((appeal) => (
                <AppealCard key={appeal.id} appeal={appeal} onDecide={setDeciding} />
              ))}
            </Stack>
            {pages > 1 && (
              <Group justify="space-between" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={page <= 1}
                  onClick={() => setPage((value) => value - 1)}
                >
                  {t('list.prev')}
                </Button>
                <Text size="sm">{t('appeals.page', { page, pages })}</Text>
                <Button
                  size="xs"
                  variant="default"
                  disabled={page >= pages}
                  onClick={() => setPage((value) => value + 1)}
                >
                  {t('list.next')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
      <AppealDecisionDialog appeal={deciding} onClose={() => setDeciding(null)} />
    </Paper>
  );
}
