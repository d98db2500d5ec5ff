// Loaded on demand (see DateFilter): @mantine/dates and dayjs stay out of the first paint.
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
// The calendar's month and day names in the page's language (dayjs formats them).
import 'dayjs/locale/hi';
import 'dayjs/locale/mr';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from 'shared-contracts';
import { CalendarIcon } from '../../../components/icons';

export interface DateFilterInputProps {
  label: string;
  previousMonth: string;
  nextMonth: string;
  placeholder: string;
  clearLabel: string;
  value: string | null;
  onChange: (day: string | null) => void;
}

/** The creation-day picker of the list panel: `YYYY-MM-DD` or null. */
export default function DateFilterInput({
  label,
  previousMonth,
  nextMonth,
  placeholder,
  clearLabel,
  value,
  onChange,
}: DateFilterInputProps) {
  // The calendar is named after its input: one id for the input and its popover.
  const id = useId();
  const { i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <DatePickerInput
      id={id}
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(day) => onChange(day ? String(day).slice(0, 10) : null)}
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      leftSection={<CalendarIcon size={16} />}
      valueFormat="D MMM YYYY"
      locale={locale}
      maxDate={new Date()}
      popoverProps={{ withinPortal: true, id }}
      ariaLabels={{ previousMonth, nextMonth }}
      // Red weekends and grey outside days are below WCAG AA contrast; neither carries meaning here.
      weekendDays={[]}
      hideOutsideDates
      // Mantine's placeholder grey is too light for WCAG AA on white.
      styles={{
        placeholder: { color: 'var(--mantine-color-gray-7)' },
        weekday: { color: 'var(--mantine-color-gray-7)' },
      }}
    />
  );
}
