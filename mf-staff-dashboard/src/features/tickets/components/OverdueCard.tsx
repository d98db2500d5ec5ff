import { Anchor, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { OVERDUE_PAGE } from '../api/fetchTicketPage';
import { useTicketPage } from '../hooks/useTicketPage';
import { DUE_PARAM } from '../rules/dueFilter';

/**
 * The dashboard's Overdue card: how many of the tickets the user may see have an open stage past
 * its due time (the list call with `due=overdue`: the server counts, one row is fetched), and a
 * link that filters the list to them. Invalidated with every list when a ticket changes.
 */
export function OverdueCard() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const overdue = useTicketPage(OVERDUE_PAGE);
  const count = overdue.data?.total;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      style={{ borderLeft: '4px solid var(--mantine-color-red-7)' }}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <div>
          <Text size="sm" c="gray.7" fw={600} id={titleId} component="h2" m={0}>
            {t('overdue.title')}
          </Text>
          {overdue.error ? (
            <Text size="sm" c="red.9">
              {t('overdue.failed')}
            </Text>
          ) : count === undefined ? (
            <Skeleton height={28} width={60} mt={6} />
          ) : (
            <Text fz={28} fw={700} lh={1.2} data-testid="overdue-count">
              {formatNumber(count)}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {t('overdue.hint')}
          </Text>
        </div>
        {count !== undefined && count > 0 && (
          <Anchor component={Link} to={`?${DUE_PARAM}=overdue`} size="sm">
            {t('overdue.show')}
          </Anchor>
        )}
      </Group>
    </Paper>
  );
}
