import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, type ReportDuration, type ReportSummary, say } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { durationText, ratingText, shareText } from '../rules/reportNumbers';

function Card({ title, value, lines }: { title: string; value: string; lines: string[] }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={id}>
      <Stack gap={4}>
        <Text id={id} size="sm" fw={600} c="gray.8">
          {title}
        </Text>
        <Text fz={26} fw={700} lh={1.2}>
          {value}
        </Text>
        {lines.map((line) => (
          <Text key={line} size="xs" c="gray.7">
            {line}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * docs/product.md#reports: the counts and the indicators of the filtered tickets as cards: time
 * to first action and to resolution (median and 90th percentile), the members' rating and answer
 * rate, the reopen and appeal rates.
 */
export function IndicatorCards({ summary }: { summary: ReportSummary }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const { counts, lastWord } = summary;
  // A rate with nothing to divide by says so in words.
  const share = (value: number | null) => (value === null ? t('reports.noData') : shareText(value));
  const duration = (title: string, value: ReportDuration) => (
    <Card
      title={title}
      value={t('reports.indicators.median', { value: say(t, durationText(value.medianHours)) })}
      lines={[
        t('reports.indicators.p90', { value: say(t, durationText(value.p90Hours)) }),
        t('reports.indicators.over', { count: value.count }),
      ]}
    />
  );
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {t('reports.indicators.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        {(['received', 'resolved', 'rejected', 'open'] as const).map((name) => (
          <Card
            key={name}
            title={t(`reports.counts.${name}`)}
            value={formatNumber(counts[name])}
            lines={[]}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {duration(t('reports.indicators.firstAction'), summary.firstAction)}
        {duration(t('reports.indicators.resolution'), summary.resolution)}
        <Card
          title={t('reports.indicators.rating')}
          value={
            lastWord.ratingAverage === null
              ? t('reports.noData')
              : t('reports.indicators.ratingValue', { value: ratingText(lastWord.ratingAverage) })
          }
          lines={[
            t('reports.indicators.answerRate', { value: share(lastWord.answerRate) }),
            t('reports.indicators.rated', { count: lastWord.rated, decided: formatNumber(lastWord.decided) }),
          ]}
        />
        <Card
          title={t('reports.indicators.reopenAppeal')}
          value={t('reports.indicators.reopenRate', { value: share(lastWord.reopenRate) })}
          lines={[
            t('reports.indicators.appealRate', { value: share(lastWord.appealRate) }),
            t('reports.indicators.reopenAppealCounts', {
              reopened: formatNumber(lastWord.reopened),
              appealed: formatNumber(lastWord.appealed),
              count: lastWord.decided,
            }),
          ]}
        />
      </SimpleGrid>
    </section>
  );
}
