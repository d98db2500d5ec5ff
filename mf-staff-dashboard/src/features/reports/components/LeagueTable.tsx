import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText, formatMonth, formatNumber, type LeagueRow, leagueQuery, say } from 'shared-contracts';
import { ArrowDownIcon, ArrowUpIcon, NewEntryIcon, SamePlaceIcon } from '../../../components/icons';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { monthOf } from '../rules/dateRange';
import { drillAddress, leagueMonths, movementOf, movementText } from '../rules/leagueRules';
import { durationText, ratingText, shareText } from '../rules/reportNumbers';
import { CsvDownload } from './CsvDownload';
import { TableScroll } from './TableScroll';

/** How many months back the month picker goes. */
export const LEAGUE_MONTHS = 24;

// Drawn arrows in colour (3:1 against the rows, as graphics need); the words beside them are dark.
const ARROWS = { up: ArrowUpIcon, down: ArrowDownIcon, same: SamePlaceIcon, new: NewEntryIcon } as const;
const ARROW_COLORS = {
  up: 'var(--mantine-color-green-8)',
  down: 'var(--mantine-color-red-8)',
  same: 'var(--mantine-color-gray-7)',
  new: 'var(--mantine-color-blue-8)',
} as const;

function Movement({ row }: { row: LeagueRow }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const { movement } = movementOf(row.rank, row.previousRank);
  return (
    <Group gap={6} wrap="nowrap">
      <Text span fw={700}>
        {row.rank === null ? '–' : formatNumber(row.rank)}
      </Text>
      {movement !== 'unranked' && (
        <Group gap={2} wrap="nowrap">
          {(() => {
            const Arrow = ARROWS[movement];
            return <Arrow size={16} color={ARROW_COLORS[movement]} />;
          })()}
          <Text span size="xs" c="gray.8">
            {say(t, movementText(row.rank, row.previousRank))}
          </Text>
        </Group>
      )}
    </Group>
  );
}

/**
 * docs/product.md#reports: the chapters of a month ranked by the composite index, with each
 * indicator and the move since last month (a drawn arrow, hidden from screen readers, and its
 * words for everyone). A chapter's name opens the reports of that chapter over that month.
 */
export function LeagueTable({ today, onDrill }: { today: Date; onDrill: () => void }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const months = leagueMonths(today, LEAGUE_MONTHS);
  const [month, setMonth] = useState(monthOf(today));
  const league = useQuery(leagueQuery(month));
  const columns = [
    'rank',
    'chapter',
    'index',
    'received',
    'resolved',
    'withinSla',
    'firstAction',
    'resolution',
    'rating',
    'reopen',
    'appeal',
    'backlog',
  ] as const;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id={titleId}>
            {t('reports.league.title')}
          </Title>
          <Select
            label={t('reports.league.month')}
            w={{ base: '100%', xs: 200 }}
            data={months.map((value) => ({ value, label: formatMonth(value) }))}
            value={month}
            onChange={(value) => value && setMonth(value)}
            allowDeselect={false}
          />
        </Group>
        {league.error ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('reports.league.failed', { message: errorText(t, league.error) })}</Text>
              <Button size="xs" color="red.9" variant="outline" onClick={() => void league.refetch()}>
                {t('reports.retry')}
              </Button>
            </Group>
          </Alert>
        ) : !league.data ? (
          <Skeleton height={240} role="status" aria-label={t('reports.league.loading')} />
        ) : (
          <>
            <Text size="sm" c="gray.7">
              {t(league.data.final ? 'reports.league.final' : 'reports.league.live')}{' '}
              {t('reports.league.drillHint')}
            </Text>
            {league.data.rows.length === 0 ? (
              <Text size="sm">{t('reports.league.empty')}</Text>
            ) : (
              <TableScroll label={t('reports.league.tableName', { month: formatMonth(league.data.month) })}>
                <Table striped withTableBorder fz="sm" miw={1100}>
                  <caption>
                    {t('reports.league.tableName', { month: formatMonth(league.data.month) })}
                  </caption>
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((column) => (
                        <Table.Th key={column} scope="col">
                          {t(`reports.league.columns.${column}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {league.data.rows.map((row) => (
                      <Table.Tr key={row.cityId}>
                        <Table.Td>
                          <Movement row={row} />
                        </Table.Td>
                        <Table.Th scope="row">
                          <Anchor
                            component={Link}
                            to={drillAddress(league.data.month, row.cityId, today)}
                            onClick={onDrill}
                            fw={600}
                          >
                            {row.cityName}
                          </Anchor>
                        </Table.Th>
                        <Table.Td fw={700}>
                          {row.index === null ? '–' : formatNumber(row.index, { maximumFractionDigits: 1 })}
                        </Table.Td>
                        <Table.Td>{formatNumber(row.counts.received)}</Table.Td>
                        <Table.Td>{formatNumber(row.counts.resolved)}</Table.Td>
                        <Table.Td>{shareText(row.withinSlaShare)}</Table.Td>
                        <Table.Td>{say(t, durationText(row.firstActionMedianHours))}</Table.Td>
                        <Table.Td>{say(t, durationText(row.resolutionMedianHours))}</Table.Td>
                        <Table.Td>{ratingText(row.ratingAverage)}</Table.Td>
                        <Table.Td>{shareText(row.reopenRate)}</Table.Td>
                        <Table.Td>{shareText(row.appealRate)}</Table.Td>
                        <Table.Td>{formatNumber(row.backlog)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
            <CsvDownload
              query={{ kind: 'league', month: league.data.month }}
              label={t('reports.csv.table')}
              name={t('reports.csv.tableName', { title: t('reports.league.title') })}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
