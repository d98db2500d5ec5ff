import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Appeal, formatDate, formatDateTime } from 'shared-contracts';
import { ColorBadge } from '../../../components/ColorBadge';
import { DetailList } from '../../../components/DetailList';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { APPEAL_STATE_COLOR, appealState } from '../rules/lastWord';

/**
 * The member's appeal as it stands (docs/architecture.md#the-members-last-word): filed when,
 * with the member's reason; while open, when the association president's decision is due;
 * once decided, the decision, what it means for the ticket, and the president's reasons.
 */
export function AppealStatus({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const state = appealState(appeal);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <ColorBadge color={APPEAL_STATE_COLOR[state]}>{t(`lastWord.appealStatus.state.${state}`)}</ColorBadge>
      </Group>
      <Text size="sm">{t(`lastWord.appealStatus.meaning.${state}`)}</Text>
      <DetailList
        rows={[
          { label: t('lastWord.appealStatus.filedAt'), value: formatDateTime(appeal.filedAt) },
          {
            label: t('lastWord.appealStatus.yourReason'),
            value: <span style={{ whiteSpace: 'pre-wrap' }}>{appeal.reason}</span>,
          },
          ...(appeal.outcome
            ? [
                {
                  label: t('lastWord.appealStatus.decidedAt'),
                  value: appeal.decidedAt ? formatDateTime(appeal.decidedAt) : '',
                },
                {
                  label: t('lastWord.appealStatus.decisionReason'),
                  value: <span style={{ whiteSpace: 'pre-wrap' }}>{appeal.decisionReason ?? ''}</span>,
                },
              ]
            : [{ label: t('lastWord.appealStatus.dueAt'), value: formatDate(appeal.dueAt) }]),
        ]}
      />
    </Stack>
  );
}
