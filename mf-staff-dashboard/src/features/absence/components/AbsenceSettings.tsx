import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, formatDay, formFieldProps, roleLabel, say } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useMyAbsence, useSaveAbsence, useStandIns } from '../api/useAbsence';
import { type AbsenceFormValues, parseAbsence } from '../rules/absenceForm';

/**
 * Out of office (docs/architecture.md#time-and-service-levels): the days a staff
 * member is away and who stands in (same city and role, or higher). While it lasts, new hand-offs
 * and escalations go to the stand-in and the history says "acting for". Ending it early is one click.
 */
export function AbsenceSettings() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const absence = useMyAbsence();
  const standIns = useStandIns();
  const save = useSaveAbsence();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<AbsenceFormValues>({
    initialValues: { from: '', to: '', standInId: '' },
    validate: (values) => {
      const parsed = parseAbsence(values);
      return parsed.ok ? {} : parsed.errors;
    },
  });
  const field = (name: keyof AbsenceFormValues & string) => formFieldProps(form, name, (error) => t(error));
  const submit = form.onSubmit((values) => {
    const parsed = parseAbsence(values);
    if (!parsed.ok) return;
    setOutcome(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setOutcome({ ok: true, text: t('absence.saved') });
        form.reset();
      },
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  });
  const end = () => {
    setOutcome(null);
    save.mutate(null, {
      onSuccess: () => setOutcome({ ok: true, text: t('absence.ended') }),
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  };

  const current = absence.data?.absence ?? null;
  const options = (standIns.data?.users ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.fullName} (${say(t, roleLabel(user.role))}${user.city ? `, ${user.city}` : ''})`,
  }));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} id="out-of-office">
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('absence.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('absence.intro')}
        </Text>
        {outcome && (
          <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
        {absence.isPending ? (
          <Loader size="sm" role="status" aria-label={t('absence.loading')} />
        ) : absence.error ? (
          <Alert color="red" variant="light">
            {t('absence.loadFailed', { message: errorText(t, absence.error) })}
          </Alert>
        ) : current ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600}>
              {t('absence.current', {
                from: formatDay(current.from),
                to: formatDay(current.to),
                name: current.standIn.fullName,
              })}
            </Text>
            <Button variant="default" color="red" onClick={end} loading={save.isPending}>
              {t('absence.end')}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{t('absence.none')}</Text>
        )}
        <form onSubmit={submit} noValidate aria-label={t('absence.formLabel')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput type="date" label={t('absence.from')} {...field('from')} />
              <TextInput type="date" label={t('absence.to')} {...field('to')} />
              <NativeSelect
                label={t('absence.standIn')}
                data={[
                  {
                    value: '',
                    label:
                      standIns.data && options.length === 0
                        ? t('absence.noStandIns')
                        : t('absence.chooseStandIn'),
                  },
                  ...options,
                ]}
                {...field('standInId')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {current ? t('absence.replace') : t('absence.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
