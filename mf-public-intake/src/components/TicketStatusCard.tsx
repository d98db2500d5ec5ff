import { Box, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  say,
  statusBadgeColor,
  statusLabel,
  type Ticket,
  ticketFiles,
  ticketIdDisplay,
} from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../i18n';
import { MEMBER_PROGRESS_STEPS, memberProgress } from '../rules/memberProgress';
import { memberOutcome, memberStatusNote } from '../rules/memberStatusNote';
import { AttachmentList } from './AttachmentList';
import { ColorBadge } from './ColorBadge';

const OUTCOME_COLORS = { rejectionReason: 'red', resolutionMethod: 'green' } as const;

/**
 * The member's view of one ticket (docs/product.md#member-status-card, docs/product.md#ticket-states badges and progress): title,
 * Ticket ID with the CREDAI- prefix, submitted date, status badge in the member-card colours,
 * the full description, the progress Pending → In Review → Resolved (a rejected ticket: a full
 * red bar labelled Rejected), the rejection reason or resolution method, 'Your ticket is in
 * review.' while approved or in review, and the attachments. No actions.
 */
export function TicketStatusCard({
  ticket,
  accessKey,
  headingOrder = 2,
  footer,
}: {
  ticket: Ticket;
  accessKey: string | null;
  headingOrder?: 2 | 3;
  /** Shown last in the card (the member's list puts the latest public entry there). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const progress = memberProgress(ticket.status);
  const outcome = memberOutcome(ticket);
  const note = memberStatusNote(ticket.status);
  const files = ticketFiles(ticket);
  const status = say(t, statusLabel(ticket.status));

  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={headingOrder} size="h4" style={{ flex: '1 1 12rem', minWidth: 0 }}>
            {ticket.title}
          </Title>
          <ColorBadge color={statusBadgeColor(ticket.status, 'member')}>{status}</ColorBadge>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('ticket.ticketId', { id: ticketIdDisplay(ticket.id) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('ticket.submittedOn', { date: formatDateTime(ticket.createdAt) })}
          </Text>
        </Group>
        {/* The RERA project the member named, and how many complaints staff linked with theirs:
            a number only, nothing of the other members (ADR 0055, ADR 0056). */}
        {(ticket.project || Boolean(ticket.similarCount)) && (
          <Group gap="md" wrap="wrap">
            {ticket.project && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('ticket.project', { name: ticket.project.name, number: ticket.project.reraNumber })}
              </Text>
            )}
            {Boolean(ticket.similarCount) && (
              <Text size="sm" fw={600} c="blue.9">
                {t('ticket.similar', { count: ticket.similarCount })}
              </Text>
            )}
          </Group>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {ticket.description}
        </Text>

        <Box>
          <Progress.Root
            size="lg"
            role="progressbar"
            aria-label={t('ticket.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={t(progress.label)}
          >
            <Progress.Section value={progress.percent} color={progress.color} withAria={false} />
          </Progress.Root>
          {progress.rejected ? (
            <Text size="sm" fw={700} c="red.9" mt={4} aria-hidden>
              {t(progress.label)}
            </Text>
          ) : (
            <Group justify="space-between" mt={4} aria-hidden>
              {MEMBER_PROGRESS_STEPS.map((step, index) => (
                <Text
                  key={step}
                  size="xs"
                  fw={index === progress.step ? 700 : 400}
                  c={index <= progress.step ? 'dark' : 'dimmed'}
                >
                  {t(step)}
                </Text>
              ))}
            </Group>
          )}
        </Box>

        {outcome && (
          <Paper
            radius="sm"
            p="sm"
            bg={`${OUTCOME_COLORS[outcome.kind]}.0`}
            style={{ borderLeft: `4px solid var(--mantine-color-${OUTCOME_COLORS[outcome.kind]}-9)` }}
          >
            <Text size="sm" fw={700}>
              {t(`ticket.outcome.${outcome.kind}`)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {outcome.text}
            </Text>
          </Paper>
        )}
        {note && (
          <Text size="sm" fw={500} c="blue.9">
            {t(note)}
          </Text>
        )}

        {files.length > 0 && (
          <Box>
            <Text size="sm" fw={600} mb={4}>
              {t('ticketDetail.ticket.attachments')}
            </Text>
            <AttachmentList files={files} accessKey={accessKey} />
          </Box>
        )}
        {footer}
      </Stack>
    </Paper>
  );
}
