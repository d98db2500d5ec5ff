import {
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type City, errorText, formatDay, formFieldProps } from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { USER_ADMIN_NS } from '../../../i18n';
import {
  useChapterCalendar,
  useChapterSla,
  useSaveChapterCalendar,
  useSaveChapterSla,
} from '../api/useChapterTime';
import {
  type CalendarFormValues,
  calendarFormValues,
  parseCalendar,
  parseHoliday,
  parseSlaOverrides,
  SLA_FIELDS,
  type SlaFormValues,
  slaFormValues,
  WEEK,
} from '../rules/chapterForms';
import { type Outcome, OutcomeBanner } from './OutcomeBanner';
import { SlaFields } from './SlaFields';

/** PUT /cities/{id}/calendar: working days, working hours, time zone and holidays, saved together. */
function CalendarForm({ city }: { city: City }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const calendar = useChapterCalendar(city.id);
  const save = useSaveChapterCalendar(city.id);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [holidayDate, setHolidayDate] = useState('');
  const [holidayName, setHolidayName] = useState('');
  const [holidayErrors, setHolidayErrors] = useState<{ date?: string; name?: string }>({});
  const form = useForm<CalendarFormValues>({
    initialValues: { workingDays: [], workdayStart: '', workdayEnd: '', timeZone: '', holidays: [] },
    validate: (values) => {
      const parsed = parseCalendar(values);
      return parsed.ok ? {} : parsed.errors;
    },
  });
  const loaded = calendar.data?.calendar;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is stable; only new data resets it
  useEffect(() => {
    if (loaded) {
      form.setInitialValues(calendarFormValues(loaded));
      form.setValues(calendarFormValues(loaded));
    }
  }, [loaded]);

  const addHoliday = () => {
    const parsed = parseHoliday(holidayDate, holidayName, form.values.holidays);
    if (!parsed.ok) {
      setHolidayErrors(parsed.errors);
      return;
    }
    setHolidayErrors({});
    form.setFieldValue(
      'holidays',
      [...form.values.holidays, parsed.data].sort((a, b) => a.date.localeCompare(b.date)),
    );
    setHolidayDate('');
    setHolidayName('');
  };
  const removeHoliday = (date: string) =>
    form.setFieldValue(
      'holidays',
      form.values.holidays.filter((holiday) => holiday.date !== date),
    );

  const submit = form.onSubmit((values) => {
    const parsed = parseCalendar(values);
    if (!parsed.ok) return;
    setOutcome(null);
    save.mutate(parsed.data, {
      onSuccess: () => setOutcome({ ok: true, text: t('chapters.calendar.saved', { city: city.name }) }),
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  });
  // The example is the chapters' default zone (a name, never translated).
  const field = (name: keyof CalendarFormValues & string) =>
    formFieldProps(form, name, (error) => t(error, { example: 'Asia/Kolkata' }));

  if (calendar.isPending) return <Loader size="sm" aria-label={t('chapters.loading')} role="status" />;
  if (calendar.error) {
    return (
      <Banner color="red" title={t('chapters.calendar.loadFailed')}>
        {errorText(t, calendar.error)}
      </Banner>
    );
  }
  const dirty = form.isDirty();
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`calendar-${city.id}-heading`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`calendar-${city.id}-heading`}>
          {t('chapters.calendar.title')}
        </Title>
        <OutcomeBanner outcome={outcome} />
        <Checkbox.Group label={t('chapters.calendar.workingDays')} {...field('workingDays')}>
          <Group gap="md" mt={4}>
            {WEEK.map((day) => (
              <Checkbox key={day} value={String(day)} label={t(`chapters.calendar.days.${day}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput type="time" label={t('chapters.calendar.workdayStart')} {...field('workdayStart')} />
          <TextInput type="time" label={t('chapters.calendar.workdayEnd')} {...field('workdayEnd')} />
          <TextInput label={t('chapters.calendar.timeZone')} {...field('timeZone')} />
        </SimpleGrid>
        <Text fw={600} size="sm" component="h4" m={0}>
          {t('chapters.calendar.holidays')}
        </Text>
        {form.values.holidays.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('chapters.calendar.noHolidays')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={4}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('chapters.calendar.holidays')}
          >
            {form.values.holidays.map((holiday) => (
              <Group component="li" key={holiday.date} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">
                  {formatDay(holiday.date, true)}: {holiday.name}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('chapters.calendar.removeHoliday', {
                    name: holiday.name,
                    date: holiday.date,
                  })}
                  onClick={() => removeHoliday(holiday.date)}
                >
                  {t('chapters.calendar.remove')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-start" gap="sm">
          <TextInput
            type="date"
            label={t('chapters.calendar.holidayDate')}
            value={holidayDate}
            onChange={(event) => setHolidayDate(event.currentTarget.value)}
            error={holidayErrors.date ? t(holidayErrors.date) : undefined}
          />
          <TextInput
            label={t('chapters.calendar.holidayName')}
            value={holidayName}
            onChange={(event) => setHolidayName(event.currentTarget.value)}
            error={holidayErrors.name ? t(holidayErrors.name) : undefined}
            style={{ flex: '1 1 10rem' }}
          />
          <Button variant="light" mt={25} onClick={addHoliday}>
            {t('chapters.calendar.addHoliday')}
          </Button>
        </Group>
        <Group justify="space-between">
          <Text size="xs" c="gray.7" aria-live="polite">
            {dirty ? t('chapters.calendar.unsaved') : ''}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('chapters.calendar.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** PUT /cities/{id}/sla: a blank field follows the association's default, shown as its placeholder. */
function ChapterSlaForm({ city }: { city: City }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const sla = useChapterSla(city.id);
  const save = useSaveChapterSla(city.id);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<SlaFormValues>({
    initialValues: slaFormValues({}),
    validate: (values) => {
      const parsed = parseSlaOverrides(values);
      return parsed.ok ? {} : parsed.errors;
    },
  });
  const overrides = sla.data?.overrides;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is stable; only new data resets it
  useEffect(() => {
    if (overrides) {
      form.setInitialValues(slaFormValues(overrides));
      form.setValues(slaFormValues(overrides));
    }
  }, [overrides]);

  const submit = form.onSubmit((values) => {
    const parsed = parseSlaOverrides(values);
    if (!parsed.ok) return;
    setOutcome(null);
    save.mutate(parsed.data, {
      onSuccess: () => setOutcome({ ok: true, text: t('chapters.sla.chapterSaved', { city: city.name }) }),
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  });

  if (sla.isPending) return <Loader size="sm" aria-label={t('chapters.loading')} role="status" />;
  if (sla.error) {
    return (
      <Banner color="red" title={t('chapters.sla.loadFailed')}>
        {errorText(t, sla.error)}
      </Banner>
    );
  }
  // What applies without an override: the association's default (the api's effective value
  // where the chapter has no override of its own).
  const placeholders = Object.fromEntries(
    SLA_FIELDS.map((field) => [
      field,
      sla.data.overrides[field] == null
        ? t('chapters.sla.defaultIs', { value: sla.data.effective[field] })
        : '',
    ]),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`sla-${city.id}-heading`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`sla-${city.id}-heading`}>
          {t('chapters.sla.chapterTitle')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('chapters.sla.chapterIntro')}
        </Text>
        <OutcomeBanner outcome={outcome} />
        <SlaFields form={form} idPrefix={`sla-${city.id}`} placeholders={placeholders} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('chapters.sla.saveChapter')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A chapter's calendar and SLA overrides, in a dialog opened from its card. */
export function ChapterTimeModal({ city, onClose }: { city: City; onClose: () => void }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('chapters.timeTitle', { city: city.name })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('chapters.close') }}
    >
      <Stack gap="lg">
        <CalendarForm city={city} />
        <Divider />
        <ChapterSlaForm city={city} />
      </Stack>
    </Modal>
  );
}
