import { Box, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import type { ReportChartProps } from './ReportChart';
import { TableScroll } from './TableScroll';

export const loadReportChart = () => import('./ReportChart');
const ReportChart = lazy(loadReportChart);

export interface ChartTable {
  /** Column headings; the first column names the row. */
  columns: string[];
  /** One row per bar group: its name, then its values as text. */
  rows: { key: string; cells: ReactNode[] }[];
}

export interface ChartPanelProps {
  title: string;
  chart: Omit<ReportChartProps, 'height'> & { height?: number };
  table: ChartTable;
  /** The CSV download of the table. */
  download?: ReactNode;
  /** Shown instead of chart and table when there is nothing to draw. */
  empty?: string | null;
}

/**
 * docs/product.md#reports: one chart with its table beside it (under it on a phone). The drawing
 * is hidden from screen readers; the table, visible to everyone, carries the same numbers and is
 * what they read. Wide tables scroll inside their box instead of widening the page.
 */
export function ChartPanel({ title, chart, table, download, empty }: ChartPanelProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const height = chart.height ?? 260;
  const mobile = useIsMobile();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {empty ? (
          <Text c="gray.7" size="sm">
            {empty}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Box aria-hidden="true" miw={0}>
              <Suspense fallback={<Skeleton height={height} />}>
                <ReportChart {...chart} height={height} />
              </Suspense>
            </Box>
            {/* Beside the chart the table is as tall as it; under it (a phone) it runs its full length. */}
            <TableScroll label={t('reports.tableOf', { title })} maxHeight={mobile ? undefined : height + 40}>
              <Table striped withTableBorder fz="sm" miw={table.columns.length * 90}>
                <caption>{t('reports.tableOf', { title })}</caption>
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((column, index) => (
                      <Table.Th key={column} scope="col" ta={index === 0 ? 'left' : 'right'}>
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Th scope="row" fw={500}>
                        {row.cells[0]}
                      </Table.Th>
                      {row.cells.slice(1).map((cell, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table.
                        <Table.Td key={index} ta="right">
                          {cell}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </SimpleGrid>
        )}
        {download}
      </Stack>
    </Paper>
  );
}
