import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  commonText,
  formatDay,
  formatMonth,
  formatNumber,
  type ReportExportKind,
  type ReportFilterInput,
  type ReportSummary,
  type ReportTimeseries,
  say,
  statusLabel,
} from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { shareText } from '../rules/reportNumbers';
import { ChartPanel } from './ChartPanel';
import { CsvDownload } from './CsvDownload';

const COLORS = { received: 'blue.6', resolved: 'green.7', rejected: 'red.7', open: 'yellow.6' } as const;

/** Fixed heights keep the page from jumping while a chart loads; a bar per committee needs room. */
const ROW_HEIGHT = 34;

export interface ReportChartsProps {
  summary: ReportSummary;
  timeseries: ReportTimeseries | undefined;
  query: ReportFilterInput;
}

/**
 * docs/product.md#reports: tickets received and resolved over time, by committee, by status, and
 * the share within the SLA per stage; each chart with its table and that table's CSV.
 */
export function ReportCharts({ summary, timeseries, query }: ReportChartsProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const counts = ['received', 'resolved', 'rejected', 'open'] as const;
  const countLabel = (name: (typeof counts)[number]) => t(`reports.counts.${name}`);
  const download = (kind: ReportExportKind, title: string) => (
    <CsvDownload
      query={{ ...query, kind }}
      label={t('reports.csv.table')}
      name={t('reports.csv.tableName', { title })}
    />
  );
  const empty = summary.counts.received === 0 ? t('reports.empty') : null;

  const interval = timeseries?.interval ?? 'day';
  const periodText = (period: string) =>
    interval === 'month'
      ? formatMonth(period.slice(0, 7))
      : interval === 'week'
        ? t('reports.charts.weekOf', { day: formatDay(period) })
        : formatDay(period);
  const points = timeseries?.points ?? [];
  const overTime = t('reports.charts.overTime');
  const byCommittee = t('reports.charts.byCommittee');
  const byStatus = t('reports.charts.byStatus');
  const byStage = t('reports.charts.slaByStage');
  const byChannel = t('reports.charts.byChannel');
  const cannedUsed = t('reports.charts.cannedUsed');
  const channelName = (channel: string) => say(t, commonText(`intakeChannel.${channel}`));
  const channels = summary.byChannel ?? [];
  const canned = summary.cannedResponses ?? [];
  const committeeName = (name: string | null) => name ?? t('reports.charts.noCommittee');
  const stageName = (stage: string) => say(t, commonText(`history.stage.${stage}`));

  return (
    <Stack gap="lg">
      <ChartPanel
        title={overTime}
        empty={empty}
        chart={{
          dataKey: 'period',
          data: points.map((point) => ({
            period: periodText(point.period),
            received: point.received,
            resolved: point.resolved,
          })),
          series: (['received', 'resolved'] as const).map((name) => ({
            name,
            label: countLabel(name),
            color: COLORS[name],
          })),
        }}
        table={{
          columns: [t(`reports.charts.period.${interval}`), countLabel('received'), countLabel('resolved')],
          rows: points.map((point) => ({
            key: point.period,
            cells: [periodText(point.period), formatNumber(point.received), formatNumber(point.resolved)],
          })),
        }}
      />
      <ChartPanel
        title={byCommittee}
        empty={empty}
        download={download('committees', byCommittee)}
        chart={{
          dataKey: 'committee',
          horizontal: true,
          height: Math.max(200, summary.byCommittee.length * ROW_HEIGHT * 2),
          data: summary.byCommittee.map((row) => ({
            committee: committeeName(row.committeeName),
            received: row.received,
            resolved: row.resolved,
            rejected: row.rejected,
            open: row.open,
          })),
          series: counts.map((name) => ({ name, label: countLabel(name), color: COLORS[name] })),
        }}
        table={{
          columns: [t('reports.charts.committee'), ...counts.map(countLabel)],
          rows: summary.byCommittee.map((row) => ({
            key: String(row.committeeId),
            cells: [committeeName(row.committeeName), ...counts.map((name) => formatNumber(row[name]))],
          })),
        }}
      />
      <ChartPanel
        title={byStatus}
        empty={empty}
        download={download('statuses', byStatus)}
        chart={{
          dataKey: 'status',
          data: summary.byStatus.map((row) => ({
            status: say(t, statusLabel(row.status)),
            count: row.count,
          })),
          series: [{ name: 'count', label: t('reports.charts.tickets'), color: 'blue.6' }],
        }}
        table={{
          columns: [t('reports.charts.status'), t('reports.charts.tickets')],
          rows: summary.byStatus.map((row) => ({
            key: row.status,
            cells: [say(t, statusLabel(row.status)), formatNumber(row.count)],
          })),
        }}
      />
      <ChartPanel
        title={byChannel}
        empty={empty}
        chart={{
          dataKey: 'channel',
          data: channels.map((row) => ({ channel: channelName(row.channel), count: row.count })),
          series: [{ name: 'count', label: t('reports.charts.tickets'), color: 'blue.6' }],
        }}
        table={{
          columns: [t('reports.charts.channel'), t('reports.charts.tickets')],
          rows: channels.map((row) => ({
            key: row.channel,
            cells: [channelName(row.channel), formatNumber(row.count)],
          })),
        }}
      />
      <ChartPanel
        title={byStage}
        empty={summary.slaByStage.every((row) => row.counted === 0) ? t('reports.charts.noStages') : null}
        download={download('stages', byStage)}
        chart={{
          dataKey: 'stage',
          horizontal: true,
          percent: true,
          // Stage names run to three lines at the axis's width.
          height: Math.max(200, summary.slaByStage.length * 64),
          data: summary.slaByStage.map((row) => ({ stage: stageName(row.stage), share: row.share ?? 0 })),
          series: [{ name: 'share', label: t('reports.charts.share'), color: 'green.7' }],
        }}
        table={{
          columns: [
            t('reports.charts.stage'),
            t('reports.charts.counted'),
            t('reports.charts.withinSla'),
            t('reports.charts.share'),
          ],
          rows: summary.slaByStage.map((row) => ({
            key: row.stage,
            cells: [
              stageName(row.stage),
              formatNumber(row.counted),
              formatNumber(row.withinSla),
              shareText(row.share),
            ],
          })),
        }}
      />
      <ChartPanel
        title={cannedUsed}
        empty={canned.length === 0 ? t('reports.charts.noCanned') : null}
        chart={{
          dataKey: 'answer',
          horizontal: true,
          height: Math.max(200, canned.length * ROW_HEIGHT * 2),
          data: canned.map((row) => ({ answer: row.title, uses: row.uses })),
          series: [{ name: 'uses', label: t('reports.charts.uses'), color: 'teal.7' }],
        }}
        table={{
          columns: [t('reports.charts.cannedAnswer'), t('reports.charts.uses')],
          rows: canned.map((row) => ({ key: String(row.id), cells: [row.title, formatNumber(row.uses)] })),
        }}
      />
    </Stack>
  );
}
