import { Alert, Button, Group, Paper, RingProgress, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiErrorInfo, TicketStats } from 'shared-contracts';
import { errorText, formatNumber } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { RING_COLOR_VALUES, ringColor } from '../rules/ringColor';
import { sharePercentage } from '../rules/sharePercentage';
import { STAT_CARDS } from '../rules/statCards';

interface StatCardsProps {
  stats: TicketStats | undefined;
  error: ApiErrorInfo | undefined;
  onRetry: () => void;
}

/**
 * docs/product.md#dashboard: Total, In Review, Resolved and Rejected Tickets, each with its count and a ring of its
 * share of the total (rounded; 0 when the total is 0), red-orange under 30, yellow under 70, else
 * green. The counts come from the database (GET /tickets/stats), never from a loaded list.
 */
export function StatCards({ stats, error, onRetry }: StatCardsProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  if (error)
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('dashboard.statsFailed', { message: errorText(t, error) })}</Text>
          <Button size="xs" color="red.9" variant="outline" onClick={onRetry}>
            {t('dashboard.retry')}
          </Button>
        </Group>
      </Alert>
    );
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 4 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('dashboard.statsLabel')}
    >
      {STAT_CARDS.map(({ key, title }) => {
        const count = stats?.[key] ?? 0;
        const percent = sharePercentage(count, stats?.total ?? 0);
        const color = ringColor(percent);
        return (
          <Paper key={key} component="li" withBorder radius="md" p="md" aria-label={t(title)}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" c="gray.7" fw={600}>
                  {t(title)}
                </Text>
                {stats ? (
                  <Text fz={28} fw={700} lh={1.2}>
                    {formatNumber(count)}
                  </Text>
                ) : (
                  <Skeleton height={28} width={80} mt={6} />
                )}
              </div>
              <div role="img" aria-label={t('dashboard.ringLabel', { percent })} data-ring-color={color}>
                <RingProgress
                  size={76}
                  thickness={8}
                  roundCaps
                  sections={stats && percent > 0 ? [{ value: percent, color: RING_COLOR_VALUES[color] }] : []}
                  label={
                    <Text ta="center" size="sm" fw={700} aria-hidden="true">
                      {stats ? formatNumber(percent / 100, { style: 'percent' }) : ''}
                    </Text>
                  }
                />
              </div>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
