import { Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  citiesQuery,
  committeesQuery,
  formatDay,
  say,
  statusLabel,
  TICKET_STATUSES,
  type TicketStatus,
} from 'shared-contracts';
import { ProjectFilter } from '../../../components/ProjectFilter';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { RANGE_PRESETS, type RangePreset } from '../rules/dateRange';
import type { ReportFilters } from '../rules/reportFilters';

const CustomRangeInput = lazy(() => import('./CustomRangeInput'));

const ALL = 'all';

export interface ReportFiltersPanelProps {
  filters: ReportFilters;
  /** A city role's own chapter: the chapter filter shows it and cannot change. */
  lockedCity: string | null;
  onPreset: (preset: RangePreset) => void;
  onCustomDay: (end: 'from' | 'to', day: string) => void;
  onChange: (change: Partial<Pick<ReportFilters, 'city' | 'committee' | 'status' | 'project'>>) => void;
}

/** docs/product.md#reports: the period (presets or two days), chapter, committee, status and RERA project. */
export function ReportFiltersPanel({
  filters,
  lockedCity,
  onPreset,
  onCustomDay,
  onChange,
}: ReportFiltersPanelProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const cities = useQuery({ ...citiesQuery(), enabled: lockedCity === null });
  const committees = useQuery(committeesQuery(filters.city ? { cityId: filters.city } : {}));

  const cityOptions = lockedCity
    ? [{ value: ALL, label: lockedCity }]
    : [
        { value: ALL, label: t('reports.filters.allCities') },
        ...[...(cities.data?.cities ?? [])]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((city) => ({ value: String(city.id), label: city.name })),
      ];
  const committeeOptions = [
    { value: ALL, label: t('reports.filters.allCommittees') },
    ...[...(committees.data?.committees ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((committee) => ({ value: String(committee.id), label: committee.name })),
  ];
  const statusOptions = [
    { value: ALL, label: t('reports.filters.allStatuses') },
    ...TICKET_STATUSES.map((status) => ({ value: status, label: say(t, statusLabel(status)) })),
  ];
  const idOf = (value: string | null) => (value && value !== ALL ? Number(value) : null);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-label={t('reports.filters.title')}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t('reports.filters.range')}
            data={RANGE_PRESETS.map((preset) => ({
              value: preset,
              label: t(`reports.filters.presets.${preset}`),
            }))}
            value={filters.preset}
            onChange={(value) => value && onPreset(value as RangePreset)}
            allowDeselect={false}
          />
          <Select
            label={t('reports.filters.city')}
            data={cityOptions}
            value={lockedCity ? ALL : filters.city ? String(filters.city) : ALL}
            onChange={(value) => onChange({ city: idOf(value), committee: null })}
            disabled={lockedCity !== null}
            searchable
            allowDeselect={false}
          />
          <Select
            label={t('reports.filters.committee')}
            data={committeeOptions}
            value={filters.committee ? String(filters.committee) : ALL}
            onChange={(value) => onChange({ committee: idOf(value) })}
            searchable
            allowDeselect={false}
          />
          <Select
            label={t('reports.filters.status')}
            data={statusOptions}
            value={filters.status ?? ALL}
            onChange={(value) =>
              onChange({ status: value && value !== ALL ? (value as TicketStatus) : null })
            }
            allowDeselect={false}
          />
        </SimpleGrid>
        {/* A RERA project (ADR 0055): the same typeahead as the ticket list's. */}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <ProjectFilter value={filters.project} onChange={(project) => onChange({ project })} />
        </SimpleGrid>
        {filters.preset === 'custom' && (
          <Suspense fallback={<Skeleton height={60} />}>
            <CustomRangeInput from={filters.from} to={filters.to} onChange={onCustomDay} />
          </Suspense>
        )}
        <Text size="sm" c="gray.7">
          {t('reports.filters.showing', { from: formatDay(filters.from), to: formatDay(filters.to) })}
        </Text>
      </Stack>
    </Paper>
  );
}
