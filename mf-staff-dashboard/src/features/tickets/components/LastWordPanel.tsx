import { Alert, Group, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, type Ticket } from 'shared-contracts';
import { AppealStateBadge } from '../../../components/AppealStateBadge';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { DetailField, WrittenText } from './DetailField';

/** Whether a ticket has anything of the member's last word to show. */
export function hasLastWord(ticket: Pick<Ticket, 'rating' | 'reopenedAt' | 'appeal' | 'closedAt'>): boolean {
  return Boolean(ticket.rating || ticket.reopenedAt || ticket.appeal || ticket.closedAt);
}

/**
 * The member's last word in the staff's ticket dialog (docs/architecture.md#the-members-last-word):
 * whether the case is closed, the member's rating and comment, the reopening and its reason, the
 * appeal with its state and decision. A ticket the association president sent back opens with
 * the appeal's text and the president's reasons, so the city president sees why it is back.
 */
export function LastWordPanel({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const { rating, appeal } = ticket;
  return (
    <Stack gap="sm">
      {appeal?.outcome === 'remanded' && (
        <Alert color="blue" variant="light" title={t('lastWord.remandedTitle')}>
          <Stack gap={4}>
            <Text size="sm">{t('lastWord.remandedIntro')}</Text>
            <Text size="sm" fw={600}>
              {t('lastWord.memberAppeal')}
            </Text>
            <WrittenText>{appeal.reason}</WrittenText>
            {appeal.decisionReason && (
              <>
                <Text size="sm" fw={600}>
                  {t('lastWord.presidentReasons')}
                </Text>
                <WrittenText>{appeal.decisionReason}</WrittenText>
              </>
            )}
          </Stack>
        </Alert>
      )}
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        <DetailField label={t('lastWord.case')}>
          {ticket.closedAt
            ? t('lastWord.closedOn', { date: formatDate(ticket.closedAt) })
            : t('lastWord.open')}
        </DetailField>
        <DetailField label={t('lastWord.rating')}>
          {rating ? (
            <Stack gap={2}>
              <Rating
                value={rating.stars}
                readOnly
                role="img"
                aria-label={t('lastWord.stars', { stars: rating.stars })}
              />
              {rating.comment && <WrittenText>{rating.comment}</WrittenText>}
            </Stack>
          ) : (
            t('lastWord.notRated')
          )}
        </DetailField>
        {ticket.reopenedAt && (
          <DetailField label={t('lastWord.reopened')}>
            <WrittenText>
              {t('lastWord.reopenedOn', {
                date: formatDateTime(ticket.reopenedAt),
                reason: ticket.reopenReason ?? '',
              })}
            </WrittenText>
          </DetailField>
        )}
      </SimpleGrid>
      {appeal && (
        <Stack gap={6}>
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {t('lastWord.appeal')}
            </Text>
            <AppealStateBadge appeal={appeal} />
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
            <DetailField label={t('lastWord.appealFiled')}>{formatDateTime(appeal.filedAt)}</DetailField>
            {appeal.outcome ? (
              <DetailField label={t('lastWord.appealDecided')}>
                {appeal.decidedAt ? formatDateTime(appeal.decidedAt) : ''}
              </DetailField>
            ) : (
              <DetailField label={t('lastWord.appealDue')}>{formatDate(appeal.dueAt)}</DetailField>
            )}
          </SimpleGrid>
          {appeal.outcome !== 'remanded' && (
            <>
              <Text size="xs" c="gray.7" fw={600} tt="uppercase">
                {t('lastWord.memberAppeal')}
              </Text>
              <WrittenText>{appeal.reason}</WrittenText>
              {appeal.decisionReason && (
                <>
                  <Text size="xs" c="gray.7" fw={600} tt="uppercase">
                    {t('lastWord.presidentReasons')}
                  </Text>
                  <WrittenText>{appeal.decisionReason}</WrittenText>
                </>
              )}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
