import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiErrorInfo,
  CHART_MIN_HEIGHT_PX,
  CITY_DROPDOWN_MAX_HEIGHT_PX,
  type CityStats,
  errorText,
  formatNumber,
  useAuth,
} from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useCityNames } from '../api/useCityNames';
import { chartRowsForCity } from '../rules/chartRows';
import { chartTitle } from '../rules/chartTitle';
import { CITY_DROPDOWN_TEXTS, isCityDropdownDisabled, isCityLocked } from '../rules/cityDropdown';

const loadChart = () => import('./CityBarChart');
const CityBarChart = lazy(loadChart);

interface CityChartPanelProps {
  rows: readonly CityStats[] | undefined;
  error: ApiErrorInfo | undefined;
  onRetry: () => void;
  /** The city of a city president or convenor: the chart is locked to it (docs/product.md#dashboard, docs/product.md#roles). */
  scopeCity: string | null;
}

/**
 * docs/product.md#dashboard chart panel: title by role, the city search dropdown, and the bars of
 * GET /tickets/stats/cities. The chart library loads after the first paint.
 */
export function CityChartPanel({ rows, error, onRetry, scopeCity }: CityChartPanelProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const role = useAuth((state) => state.user?.role);
  const locked = isCityLocked(role);
  const cityNames = useCityNames(!locked);
  const [chosen, setChosen] = useState<string | null>(null);
  const titleId = useId();
  // The chart library is not part of the first paint, but its download starts with the page's
  // calls instead of after them.
  useEffect(() => {
    void loadChart();
  }, []);

  const options = locked
    ? scopeCity
      ? [scopeCity]
      : []
    : [...new Set([...(cityNames.data ?? []), ...(rows ?? []).map((row) => row.city)])].sort((a, b) =>
        a.localeCompare(b),
      );
  const loading = !rows || (!locked && cityNames.isPending);
  const city = locked ? scopeCity : chosen;
  const shown = rows ? chartRowsForCity(rows, city).sort((a, b) => a.city.localeCompare(b.city)) : [];
  const empty = rows !== undefined && !shown.some((row) => row.total > 0);
  const labels = {
    total: t('chart.series.total'),
    pending: t('chart.series.pending'),
    resolved: t('chart.series.resolved'),
    rejected: t('chart.series.rejected'),
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id={titleId}>
            {t(chartTitle(role))}
          </Title>
          <Select
            label={t('chart.cityLabel')}
            w={{ base: '100%', xs: 260 }}
            placeholder={t(loading ? CITY_DROPDOWN_TEXTS.loading : CITY_DROPDOWN_TEXTS.search)}
            data={options}
            value={city}
            onChange={setChosen}
            searchable
            clearable={!locked}
            nothingFoundMessage={t(CITY_DROPDOWN_TEXTS.empty)}
            maxDropdownHeight={CITY_DROPDOWN_MAX_HEIGHT_PX}
            disabled={isCityDropdownDisabled({ loading, role, cityCount: options.length })}
          />
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('chart.failed', { message: errorText(t, error) })}</Text>
              <Button size="xs" color="red.9" variant="outline" onClick={onRetry}>
                {t('dashboard.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Box mih={CHART_MIN_HEIGHT_PX}>
            {!rows ? (
              <Skeleton height={CHART_MIN_HEIGHT_PX} role="status" aria-label={t('chart.loading')} />
            ) : empty ? (
              <Text ta="center" c="gray.7" py={120}>
                {city ? t('chart.emptyCity', { city }) : t('chart.emptyAll')}
              </Text>
            ) : (
              <>
                <Suspense
                  fallback={
                    <Skeleton height={CHART_MIN_HEIGHT_PX} role="status" aria-label={t('chart.loading')} />
                  }
                >
                  <div aria-hidden="true">
                    <CityBarChart rows={shown} height={CHART_MIN_HEIGHT_PX} labels={labels} />
                  </div>
                </Suspense>
                <VisuallyHidden>
                  <Table>
                    <caption>{t('chart.tableCaption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('chart.cityLabel')}</th>
                        <th scope="col">{labels.total}</th>
                        <th scope="col">{labels.pending}</th>
                        <th scope="col">{labels.resolved}</th>
                        <th scope="col">{labels.rejected}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {shown.map((row) => (
                        <tr key={row.city}>
                          <th scope="row">{row.city}</th>
                          <td>{formatNumber(row.total)}</td>
                          <td>{formatNumber(row.pending)}</td>
                          <td>{formatNumber(row.resolved)}</td>
                          <td>{formatNumber(row.rejected)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </VisuallyHidden>
              </>
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
