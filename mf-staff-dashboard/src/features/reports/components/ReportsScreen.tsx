import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorText, reportSummaryQuery, reportTimeseriesQuery, useAuth } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { reportAccess } from '../rules/reportAccess';
import {
  filtersOf,
  paramsOf,
  queryOf,
  type ReportFilters,
  withCustomDay,
  withPreset,
} from '../rules/reportFilters';
import { intervalFor } from '../rules/reportNumbers';
import { loadReportChart } from './ChartPanel';
import { CsvDownload } from './CsvDownload';
import { IndicatorCards } from './IndicatorCards';
import { LeagueTable } from './LeagueTable';
import { NoReportAccess } from './NoReportAccess';
import { ReportCharts } from './ReportCharts';
import { ReportFiltersPanel } from './ReportFiltersPanel';

/**
 * docs/product.md#reports: the filters (kept in the address), the CSV of the filtered tickets,
 * the indicator cards, the charts with their tables, and for the admin and the association
 * president the chapter league table. City roles see their chapter only.
 */
export function ReportsScreen() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const user = useAuth((state) => state.user);
  const access = reportAccess(user?.role);
  // The presets are counted from the day the page opened.
  const [today] = useState(() => new Date());
  const [params, setParams] = useSearchParams();
  const cityLocked = access === 'city';
  const filters = filtersOf(params, today, cityLocked);
  // The router renders a new address in a transition, which may come after the next choice on a
  // busy page: each change starts from the address last asked for, so two quick choices (a
  // period, then a chapter) both stay.
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (asked.current?.toString() === params.toString()) asked.current = null;
  }, [params]);
  const change = (next: (current: ReportFilters) => ReportFilters) => {
    const address = paramsOf(next(filtersOf(asked.current ?? params, today, cityLocked)));
    asked.current = address;
    setParams(address, { replace: true });
  };
  const query = queryOf(filters);
  const allowed = access !== 'none';
  const summary = useQuery({ ...reportSummaryQuery(query), enabled: allowed });
  const timeseries = useQuery({
    ...reportTimeseriesQuery({ ...query, interval: intervalFor(filters.from, filters.to) }),
    enabled: allowed,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // The charts' code starts downloading with the page's calls, not after them.
  useEffect(() => {
    if (allowed) void loadReportChart();
  }, [allowed]);

  const refused = summary.error?.status === 403 || timeseries.error?.status === 403;
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1} ref={heading} tabIndex={-1}>
          {t('reports.title')}
        </Title>
        {!allowed || refused ? (
          <NoReportAccess />
        ) : (
          <>
            <ReportFiltersPanel
              filters={filters}
              lockedCity={access === 'city' ? (user?.city ?? '') : null}
              onPreset={(preset) => change((current) => withPreset(current, preset, today))}
              onCustomDay={(end, day) => change((current) => withCustomDay(current, end, day))}
              onChange={(choice) => change((current) => ({ ...current, ...choice }))}
            />
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
              <Group justify="space-between" align="flex-start" gap="sm">
                <Text size="sm" maw={520}>
                  {t('reports.csv.ticketsIntro')}
                </Text>
                <CsvDownload query={{ ...query, kind: 'tickets' }} label={t('reports.csv.tickets')} />
              </Group>
            </Paper>
            {summary.error ? (
              <Alert color="red" variant="light" role="alert">
                <Group justify="space-between" gap="sm">
                  <Text size="sm">{t('reports.failed', { message: errorText(t, summary.error) })}</Text>
                  <Button size="xs" color="red.9" variant="outline" onClick={() => void summary.refetch()}>
                    {t('reports.retry')}
                  </Button>
                </Group>
              </Alert>
            ) : !summary.data ? (
              <Skeleton height={320} role="status" aria-label={t('reports.loading')} />
            ) : (
              <>
                <IndicatorCards summary={summary.data} />
                <ReportCharts summary={summary.data} timeseries={timeseries.data} query={query} />
                <CsvDownload query={{ ...query, kind: 'summary' }} label={t('reports.csv.summary')} />
              </>
            )}
            {access === 'all' && <LeagueTable today={today} onDrill={() => heading.current?.focus()} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
