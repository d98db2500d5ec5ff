import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { displayedAssignee, errorText, say, type Ticket, type Translate, ticketCity } from 'shared-contracts';
import { ColorBadge } from '../../../components/ColorBadge';
import { DetailList } from '../../../components/DetailList';
import { ErrorState, LoadingState } from '../../../components/PageStates';
import { PublicPage } from '../../../components/PublicPage';
import { TicketStatusCard } from '../../../components/TicketStatusCard';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { memberKeyFor, memberTicketsPath } from '../../../lib/memberKeys';
import { accessKeyFromHash } from '../../../rules/routeId';
import {
  assignmentPeople,
  cityName,
  committeeName,
  currentAssigneeBadgeColor,
  currentStatusMessage,
  providedEmail,
} from '../../../rules/ticketAssignment';
import { useTicket } from '../api/useTicket';
import { ChainTracker } from './ChainTracker';
import { LastWordCard } from './LastWordCard';
import { ShareTicketCard } from './ShareTicketCard';
import { TicketConversation } from './TicketConversation';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The current-status sentence, the assignee named in the page's language. */
function statusMessage(t: Translate, message: ReturnType<typeof currentStatusMessage>): string {
  return message.assignee ? t(message.key, { assignee: say(t, message.assignee) }) : t(message.key);
}

function TicketView({ ticket, accessKey, link }: { ticket: Ticket; accessKey: string | null; link: string }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const customer = ticket.customer;
  const memberKey = memberKeyFor(customer?.id);

  return (
    <Stack gap="md">
      <Title order={1} size="h2" c="green.9">
        {t('ticketDetail.heading')}
      </Title>

      <Section title={t('ticketDetail.userInfo.title')}>
        <DetailList
          rows={[
            {
              label: t('ticketDetail.userInfo.name'),
              value: customer?.fullName || t('ticketDetail.userInfo.notProvided'),
            },
            {
              label: t('ticketDetail.userInfo.email'),
              value: providedEmail(customer?.email) ?? t('ticketDetail.userInfo.notProvided'),
            },
            {
              label: t('ticketDetail.userInfo.mobile'),
              value: customer?.mobile || t('ticketDetail.userInfo.notProvided'),
            },
          ]}
        />
      </Section>

      <ShareTicketCard link={link} />

      <TicketStatusCard ticket={ticket} accessKey={accessKey} />

      <LastWordCard ticket={ticket} accessKey={accessKey} />

      <ChainTracker ticketId={ticket.id} accessKey={accessKey} />

      <TicketConversation ticket={ticket} accessKey={accessKey} />

      <Section title={t('ticketDetail.currentStatus.title')}>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('ticketDetail.currentStatus.assignee')}
          </Text>
          <ColorBadge color={currentAssigneeBadgeColor(ticket.status)}>
            {say(t, displayedAssignee(ticket.status, ticket.currentAssignee))}
          </ColorBadge>
        </Group>
        <Text size="sm">{statusMessage(t, currentStatusMessage(ticket))}</Text>
        {/* A recusal passed the ticket on: the member reads only that (ADR 0048). */}
        {ticket.handledByAnotherOfficeBearer && <Text size="sm">{t('common:recusal.handledElsewhere')}</Text>}
      </Section>

      <Section title={t('ticketDetail.assignment.title')}>
        <DetailList
          rows={[
            {
              label: t('ticketDetail.assignment.committee'),
              value: committeeName(ticket) ?? t('ticketDetail.assignment.notAssigned'),
            },
            {
              label: t('ticketDetail.assignment.city'),
              value: cityName(ticket) || ticketCity(ticket) || t('common:city.unknown'),
            },
            ...assignmentPeople(ticket).map((person) => ({ label: t(person.label), value: person.fullName })),
          ]}
        />
      </Section>

      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button component={Link} to="/add-ticket" variant="filled">
          {t('ticketDetail.submitAnother')}
        </Button>
        {customer?.id !== undefined && memberKey && (
          <Button component={Link} to={memberTicketsPath(customer.id, memberKey)} variant="default">
            {t('ticketDetail.viewAll')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * /ticket-detail/{id} (docs/product.md#ticket-detail-screen): loading, error with 'Submit a New
 * Ticket', or the submitted ticket. A link viewer sees the contact details masked as the server
 * gives them (docs/architecture.md#security-decisions).
 */
export function TicketDetail({ idSegment }: { idSegment: string | undefined }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const { pathname, hash } = useLocation();
  const accessKey = accessKeyFromHash(hash);
  const state = useTicket(idSegment, accessKey);

  return (
    <PublicPage>
      {state.status === 'ready' ? (
        <TicketView
          ticket={state.ticket}
          accessKey={accessKey}
          link={`${window.location.origin}${pathname}${hash}`}
        />
      ) : (
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('ticketDetail.title')}
          </Title>
          {state.status === 'loading' ? (
            <LoadingState label={t('ticketDetail.loading')} />
          ) : (
            <ErrorState
              title={t('ticketDetail.errorTitle')}
              message={errorText(t, state.message)}
              action={{ label: t('ticketDetail.submitNew'), to: '/add-ticket' }}
            />
          )}
        </Stack>
      )}
    </PublicPage>
  );
}
