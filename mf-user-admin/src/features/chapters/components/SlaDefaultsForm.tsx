import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { USER_ADMIN_NS } from '../../../i18n';
import { useSaveSlaDefaults, useSlaDefaults } from '../api/useChapterTime';
import { parseSlaDefaults, type SlaFormValues, slaFormValues } from '../rules/chapterForms';
import { type Outcome, OutcomeBanner } from './OutcomeBanner';
import { SlaFields } from './SlaFields';

/** PUT /sla: the association's SLA per stage, which every chapter without its own override follows. */
export function SlaDefaultsForm() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const defaults = useSlaDefaults();
  const save = useSaveSlaDefaults();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<SlaFormValues>({
    initialValues: slaFormValues({}),
    validate: (values) => {
      const parsed = parseSlaDefaults(values);
      return parsed.ok ? {} : parsed.errors;
    },
  });
  const loaded = defaults.data?.sla;
  // The form starts from what the api holds, once it has answered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is stable; only new data resets it
  useEffect(() => {
    if (loaded) {
      form.setInitialValues(slaFormValues(loaded));
      form.setValues(slaFormValues(loaded));
    }
  }, [loaded]);

  const submit = form.onSubmit((values) => {
    const parsed = parseSlaDefaults(values);
    if (!parsed.ok) return;
    setOutcome(null);
    save.mutate(parsed.data, {
      onSuccess: () => setOutcome({ ok: true, text: t('chapters.sla.defaultsSaved') }),
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  });

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="sla-defaults-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="sla-defaults-heading">
            {t('chapters.sla.defaultsTitle')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('chapters.sla.defaultsIntro')}
          </Text>
          <OutcomeBanner outcome={outcome} />
          {defaults.error && (
            <Banner color="red" title={t('chapters.sla.loadFailed')}>
              {errorText(t, defaults.error)}
            </Banner>
          )}
          {defaults.isPending ? (
            <Loader size="sm" aria-label={t('chapters.loading')} role="status" />
          ) : (
            <>
              <SlaFields form={form} idPrefix="sla-defaults" />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} disabled={!loaded}>
                  {t('chapters.sla.saveDefaults')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}
