// Loaded on demand (see ReportFiltersPanel): @mantine/dates and dayjs load only when a custom
// range is chosen.
import '@mantine/dates/styles.css';
import { SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// The calendar's month and day names in the page's language (dayjs formats them).
import 'dayjs/locale/hi';
import 'dayjs/locale/mr';
import { useTranslation } from 'react-i18next';
import { isLanguage } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

export interface CustomRangeInputProps {
  from: string;
  to: string;
  onChange: (end: 'from' | 'to', day: string) => void;
}

/** The two days of a custom range (`YYYY-MM-DD`), with calendars in the page's language. */
export default function CustomRangeInput({ from, to, onChange }: CustomRangeInputProps) {
  const { t, i18n } = useTranslation(STAFF_DASHBOARD_NS);
  const locale = isLanguage(i18n.language) ? i18n.language : 'en';
  const common = {
    valueFormat: 'D MMM YYYY',
    locale,
    popoverProps: { withinPortal: true },
    ariaLabels: {
      previousMonth: t('reports.filters.previousMonth'),
      nextMonth: t('reports.filters.nextMonth'),
    },
    // Red weekends and grey outside days are below WCAG AA contrast; neither carries meaning here.
    weekendDays: [] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[],
    hideOutsideDates: true,
    styles: { weekday: { color: 'var(--mantine-color-gray-7)' } },
  };
  return (
    <SimpleGrid cols={2} spacing="sm">
      <DatePickerInput
        {...common}
        label={t('reports.filters.from')}
        value={from}
        onChange={(day) => day && onChange('from', String(day).slice(0, 10))}
      />
      <DatePickerInput
        {...common}
        label={t('reports.filters.to')}
        value={to}
        minDate={from}
        onChange={(day) => day && onChange('to', String(day).slice(0, 10))}
      />
    </SimpleGrid>
  );
}
