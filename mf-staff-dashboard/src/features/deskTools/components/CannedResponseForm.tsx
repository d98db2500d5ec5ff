import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CANNED_LANGUAGES,
  CANNED_VARIABLE_LIST,
  type CannedResponse,
  type CannedResponseInputForm,
  cannedResponseInputSchema,
  citiesQuery,
  errorText,
  firstErrorPerField,
  normaliseRole,
} from 'shared-contracts';
import { showToast } from '../../../components/showToast';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useSaveCannedResponse } from '../api/cannedResponses';

interface Values {
  title: { en: string; hi: string; mr: string };
  text: { en: string; hi: string; mr: string };
  /** '' for every chapter. */
  cityId: string;
}

const bodyOf = (values: Values, admin: boolean): CannedResponseInputForm => ({
  title: values.title,
  text: values.text,
  ...(admin ? { cityId: values.cityId === '' ? null : Number(values.cityId) } : {}),
});

/**
 * Add or edit a canned answer (ADR 0065): a title and a text in English, Hindi and Marathi, checked
 * by the shared schema (every field required, only the four variables); admins choose its chapter
 * or every chapter, a city president's is always their own.
 */
export function CannedResponseForm({
  answer,
  role,
  onDone,
}: {
  answer: CannedResponse | null;
  role: string | null | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const admin = normaliseRole(role) === 'admin';
  const cities = useQuery({ ...citiesQuery(), enabled: admin });
  const save = useSaveCannedResponse();
  const form = useForm<Values>({
    initialValues: {
      title: answer ? { ...answer.title } : { en: '', hi: '', mr: '' },
      text: answer ? { ...answer.text } : { en: '', hi: '', mr: '' },
      cityId: answer?.cityId ? String(answer.cityId) : '',
    },
    validate: (values) => {
      const parsed = cannedResponseInputSchema.safeParse(bodyOf(values, admin));
      if (parsed.success) return {};
      const errors = firstErrorPerField(parsed.error);
      return Object.fromEntries(
        Object.entries(errors).map(([field, message]) => [field, errorText(t, message)]),
      );
    },
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: answer?.id ?? null, body: bodyOf(values, admin) },
      {
        onSuccess: () => {
          showToast('green', t('canned.saved'));
          onDone();
        },
        onError: (error) => {
          for (const detail of (error.details ?? []) as { path?: string; message?: string }[]) {
            if (detail.path && detail.message) form.setFieldError(detail.path, errorText(t, detail.message));
          }
          showToast('red', t('canned.failed', { message: errorText(t, error) }));
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {admin && (
          <Select
            label={t('canned.chapter')}
            description={t('canned.chapterHint')}
            data={[
              { value: '', label: t('canned.everyChapter') },
              ...(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name })),
            ]}
            allowDeselect={false}
            {...form.getInputProps('cityId')}
          />
        )}
        {CANNED_LANGUAGES.map((language) => {
          const name = t(`canned.languages.${language}`);
          return (
            <Stack key={language} gap={6} lang={language}>
              <TextInput
                label={t('canned.titleIn', { language: name })}
                withAsterisk
                {...form.getInputProps(`title.${language}`)}
              />
              <Textarea
                label={t('canned.textIn', { language: name })}
                description={t('canned.variables', { variables: CANNED_VARIABLE_LIST })}
                withAsterisk
                autosize
                minRows={3}
                maxRows={8}
                {...form.getInputProps(`text.${language}`)}
              />
            </Stack>
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('canned.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('canned.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
