import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { errorText, formatDateTime, shownHistoryText, type Ticket } from 'shared-contracts';
import { ErrorState, LoadingState } from '../../../components/PageStates';
import { PublicPage } from '../../../components/PublicPage';
import { TicketStatusCard } from '../../../components/TicketStatusCard';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { entryAuthor, lastPublicEntry } from '../../../rules/publicTimeline';
import { useUserTickets } from '../api/useUserTickets';
import { MemberRights } from './MemberRights';

/** A ticket's latest public entry (docs/architecture.md#conversation-and-notifications): who, when, what. */
function LatestEntry({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const entry = lastPublicEntry(ticket.comments);
  if (!entry) return null;
  return (
    <Box
      p="sm"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      role="group"
      aria-label={t('userTickets.latestUpdate')}
    >
      <Text size="sm" fw={600}>
        {t('userTickets.latestUpdate')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('userTickets.latestBy', {
          name: entryAuthor(entry, t('conversation.helpDesk')),
          date: formatDateTime(entry.createdAt),
        })}
      </Text>
      <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {shownHistoryText(t, entry)}
      </Text>
    </Box>
  );
}

/**
 * /tickets/{userId} (docs/product.md#member-tickets-screen): 'Your Tickets', the empty message or
 * 'Your Submitted Tickets' with a status card per ticket, 'Submit Another Ticket', and an error
 * state with 'Back to Home'.
 */
export function UserTickets({ idSegment }: { idSegment: string | undefined }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const { hash } = useLocation();
  const { state, accessKey, userId, loadMore } = useUserTickets(idSegment, hash);

  return (
    <PublicPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('userTickets.title')}
        </Title>
        {state.status === 'loading' && <LoadingState label={t('userTickets.loading')} />}
        {state.status === 'error' && (
          <ErrorState
            title={t('userTickets.errorTitle')}
            message={errorText(t, state.message)}
            action={{ label: t('userTickets.backHome'), to: '/' }}
          />
        )}
        {state.status === 'ready' && (
          <>
            {state.tickets.length === 0 ? (
              <Text>{t('userTickets.empty')}</Text>
            ) : (
              <Stack gap="sm">
                <Title order={2} size="h3">
                  {t('userTickets.listTitle')}
                </Title>
                {state.tickets.map((ticket) => (
                  <TicketStatusCard
                    key={ticket.id}
                    ticket={ticket}
                    accessKey={accessKey}
                    headingOrder={3}
                    footer={<LatestEntry ticket={ticket} />}
                  />
                ))}
                {state.tickets.length < state.total && (
                  <Button variant="default" loading={state.loadingMore} onClick={loadMore}>
                    {t('userTickets.showMore')}
                  </Button>
                )}
              </Stack>
            )}
            <Group>
              <Button component={Link} to="/add-ticket">
                {t('userTickets.submitAnother')}
              </Button>
            </Group>
            <MemberRights memberId={userId} accessKey={accessKey} />
          </>
        )}
      </Stack>
    </PublicPage>
  );
}
