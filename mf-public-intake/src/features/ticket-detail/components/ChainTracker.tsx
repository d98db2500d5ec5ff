import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText, formatDateTime, formatDay, roleLabel, say, TintedBadge } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { type ChainStep, chainSteps } from '../../../rules/chainTracker';
import { useTicketStages } from '../api/useTicketStages';

function Step({ step }: { step: ChainStep }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const name = t(`chain.stage.${step.stage}`);
  const rows: [string, string][] = [
    [t('chain.holder'), say(t, roleLabel(step.holderRole))],
    [t('chain.entered'), formatDateTime(step.enteredAt)],
    [t('chain.expectedBy'), step.expectedBy ? formatDateTime(step.expectedBy) : t('chain.notSet')],
  ];
  if (step.doneAt) rows.push([t('chain.done'), formatDateTime(step.doneAt)]);
  return (
    <Box component="li" aria-label={name} style={{ listStyle: 'none' }}>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} component="h3" size="sm" m={0}>
              {name}
            </Text>
            {step.doneAt ? (
              <TintedBadge color="green">{t('chain.state.done')}</TintedBadge>
            ) : (
              <TintedBadge color="blue">{t('chain.state.current')}</TintedBadge>
            )}
            {step.late && <TintedBadge color="red">{t('chain.state.late')}</TintedBadge>}
            {step.escalatedTo.length > 0 && (
              <TintedBadge color="orange">{t('chain.state.escalated')}</TintedBadge>
            )}
            {step.extensions.length > 0 && (
              <TintedBadge color="grape">{t('chain.state.extended')}</TintedBadge>
            )}
          </Group>
          <Box
            component="dl"
            m={0}
            style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}
          >
            {rows.map(([label, value]) => (
              <Box key={label} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" c="gray.7">
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {value}
                </Text>
              </Box>
            ))}
          </Box>
          {step.escalatedTo.map((role) => (
            <Text key={role} size="sm">
              {t('chain.escalatedTo', { role: say(t, roleLabel(role)) })}
            </Text>
          ))}
          {step.extensions.map((extension) => (
            <Text
              key={extension.createdAt}
              size="sm"
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {t('chain.extended', {
                date: formatDay(extension.expectedBy),
                reason: extension.reason,
              })}
            </Text>
          ))}
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * The member's chain tracker on /ticket-detail/{id}: each step of the ticket (the city president's
 * review, the convenor's resolution, the office bearer's final approval), the role holding it,
 * when it started, by when it is expected, and whether it was escalated or extended, with the
 * interim reply's reason (docs/architecture.md#time-and-service-levels).
 */
export function ChainTracker({ ticketId, accessKey }: { ticketId: number; accessKey: string | null }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const stages = useTicketStages(ticketId, accessKey);
  const steps = stages.data ? chainSteps(stages.data.stages, new Date()) : [];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="chain-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="chain-title">
          {t('chain.title')}
        </Title>
        {stages.isPending ? (
          <Text size="sm" c="gray.7">
            {t('chain.loading')}
          </Text>
        ) : stages.error ? (
          <Text size="sm" c="red.9">
            {t('chain.failed', { message: errorText(t, stages.error) })}
          </Text>
        ) : steps.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('chain.empty')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} aria-label={t('chain.title')}>
            {steps.map((step) => (
              <Step key={step.id} step={step} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
