import { Button, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { PreviewPage } from './PreviewPage';

/** docs/product.md#placeholder-screens placeholder: Generate Report with its report types and date ranges. */
export function ReportsPreview() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const [type, setType] = useState<string | null>('userActivity');
  const [range, setRange] = useState<string | null>('last7');
  const [asked, setAsked] = useState(false);
  const types = (['userActivity', 'sales', 'performance'] as const).map((value) => ({
    value,
    label: t(`reports.types.${value}`),
  }));
  const ranges = (['last7', 'last30', 'last90', 'custom'] as const).map((value) => ({
    value,
    label: t(`reports.ranges.${value}`),
  }));
  return (
    <PreviewPage title={t('reports.title')}>
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('reports.type')}
              data={types}
              value={type}
              onChange={setType}
              allowDeselect={false}
            />
            <Select
              label={t('reports.range')}
              data={ranges}
              value={range}
              onChange={setRange}
              allowDeselect={false}
            />
          </SimpleGrid>
          {range === 'custom' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('reports.from')} type="date" />
              <TextInput label={t('reports.to')} type="date" />
            </SimpleGrid>
          )}
          <div>
            <Button onClick={() => setAsked(true)}>{t('reports.generate')}</Button>
          </div>
          {asked && (
            <Text role="status" size="sm" c="gray.7">
              {t('reports.notAvailable')}
            </Text>
          )}
        </Stack>
      </Paper>
    </PreviewPage>
  );
}
