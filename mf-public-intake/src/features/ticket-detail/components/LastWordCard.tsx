import { Alert, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, type Ticket } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { useAppealTicket, useReopenTicket } from '../api/useLastWord';
import { showsLastWord } from '../rules/lastWord';
import { AppealStatus } from './AppealStatus';
import { RateOutcome } from './RateOutcome';
import { ReasonAction } from './ReasonAction';

/** One titled part of the page (a region named by its heading). */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The member's last word on /ticket-detail/{id} (docs/architecture.md#the-members-last-word),
 * once the ticket has an outcome: rate it, reopen it within the chapter's window, appeal to the
 * association president, follow the appeal; a closed case says so. Each part shows only when the
 * server's `lastWord` offers it (or there is something to show), so the page never offers what the
 * api would refuse; a refusal that happens all the same is shown in the form.
 */
export function LastWordCard({ ticket, accessKey }: { ticket: Ticket; accessKey: string | null }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const reopen = useReopenTicket(ticket.id, accessKey);
  const appeal = useAppealTicket(ticket.id, accessKey);
  if (!showsLastWord(ticket)) return null;
  const lastWord = ticket.lastWord;
  const rateShown = Boolean(ticket.rating || lastWord?.canRate);

  return (
    <>
      {ticket.closedAt && (
        <Alert color="gray" variant="light" title={t('lastWord.closedTitle')}>
          {t('lastWord.closed', { date: formatDate(ticket.closedAt) })}
        </Alert>
      )}
      {rateShown && (
        <Part title={t('lastWord.rate.title')}>
          <RateOutcome ticket={ticket} accessKey={accessKey} />
        </Part>
      )}
      {lastWord?.canReopen && (
        <Part title={t('lastWord.reopen.title')}>
          <ReasonAction kind="reopen" until={lastWord.reopenUntil} mutation={reopen} />
        </Part>
      )}
      {lastWord?.canAppeal && (
        <Part title={t('lastWord.appeal.title')}>
          <ReasonAction kind="appeal" until={lastWord.appealUntil} mutation={appeal} />
        </Part>
      )}
      {ticket.appeal && (
        <Part title={t('lastWord.appealStatus.title')}>
          <AppealStatus appeal={ticket.appeal} />
        </Part>
      )}
    </>
  );
}
