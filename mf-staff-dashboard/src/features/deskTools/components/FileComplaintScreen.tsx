import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ASSISTED_CHANNEL_MESSAGE,
  ASSISTED_CHANNELS,
  type AssistedChannel,
  attachmentError,
  citiesQuery,
  committeesQuery,
  commonText,
  errorText,
  FileInputField,
  LANGUAGE_NAMES,
  MESSAGE_LANGUAGES,
  newIdempotencyKey,
  OPT_IN_VALUE,
  SITE_ROUTES,
  STAFF_TICKET_PARAM,
  sanitiseMobileInput,
  say,
  type TicketSubmitForm,
  ticketIdDisplay,
  useAuth,
  validateSubmitForm,
} from 'shared-contracts';
import { showToast } from '../../../components/showToast';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useFileComplaint } from '../api/fileComplaint';
import { filingCities, mayFileForMember } from '../rules/deskToolAccess';

type Language = (typeof MESSAGE_LANGUAGES)[number];

const EMPTY: TicketSubmitForm = {
  fullName: '',
  cityId: '',
  city: '',
  cityPresident: '',
  mobile: '',
  committeeId: '',
  committee: '',
  email: '',
  description: '',
  phoneUpdates: '',
};

/**
 * /file-complaint (ADR 0066): a complaint filed for a member who phoned, walked in or wrote. The
 * public form's fields with its labels and checks (validateSubmitForm), the member's language, the
 * channel and a scanned letter; the api's submit path does the rest, so the member is told exactly
 * as after their own submit.
 */
export default function FileComplaintScreen() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const user = useAuth((state) => state.user);
  const cities = useQuery(citiesQuery());
  const [fields, setFields] = useState<TicketSubmitForm>(EMPTY);
  const [language, setLanguage] = useState<Language>('en');
  const [channel, setChannel] = useState<AssistedChannel | null>(null);
  const [letter, setLetter] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per filled form; a new one after each complaint filed.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [filed, setFiled] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const fileComplaint = useFileComplaint();
  const committees = useQuery({
    ...committeesQuery({ cityId: Number(fields.cityId) }),
    enabled: fields.cityId !== '',
  });

  if (!mayFileForMember(user?.role)) {
    return (
      <Alert color="orange" variant="light" role="alert" m="md">
        {t('fileComplaint.notAllowed')}
      </Alert>
    );
  }

  const cityOptions = filingCities(user?.role, user?.city, cities.data?.cities ?? []);
  const set = (name: keyof TicketSubmitForm) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };
  const fieldError = (name: string) => (errors[name] ? errorText(t, errors[name]) : undefined);

  const submit = () => {
    const checked = validateSubmitForm({ ...fields, language });
    const problems: Record<string, string> = checked.ok
      ? {}
      : { ...(checked.errors as Record<string, string>) };
    if (!channel) problems.channel = ASSISTED_CHANNEL_MESSAGE;
    const fileProblem = letter ? attachmentError(letter) : null;
    if (fileProblem) problems.attachment = say(t, fileProblem);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !channel) return;
    fileComplaint.mutate(
      { fields: { ...fields, language }, channel, letter, idempotencyKey },
      {
        onSuccess: (answer) => {
          setFiled(answer.ticketId);
          showToast('green', t('fileComplaint.filed', { number: ticketIdDisplay(answer.ticketId) }));
        },
        onError: (error) => {
          const details = (error.details ?? []) as { path?: string; message?: string }[];
          const byField: Record<string, string> = {};
          for (const detail of details)
            if (detail.path && detail.message) byField[detail.path] = detail.message;
          setErrors(byField);
          showToast('red', t('fileComplaint.failed', { message: errorText(t, error) }));
        },
      },
    );
  };

  const startAgain = () => {
    setFields(EMPTY);
    setChannel(null);
    setLetter(null);
    setErrors({});
    setFiled(null);
    setIdempotencyKey(newIdempotencyKey());
    setFormKey((key) => key + 1);
  };

  if (filed !== null) {
    const number = ticketIdDisplay(filed);
    return (
      <Stack gap="md" p={{ base: 'sm', sm: 'md' }} maw={760}>
        <Title order={1} size="h2">
          {t('fileComplaint.title')}
        </Title>
        <Alert color="green" variant="light" role="status">
          <Stack gap="xs">
            <Text size="sm">{t('fileComplaint.filed', { number })}</Text>
            <Group gap="md">
              <Anchor
                component={Link}
                to={`${SITE_ROUTES.dashboard}?${STAFF_TICKET_PARAM}=${filed}`}
                size="sm"
              >
                {t('fileComplaint.openTicket', { number })}
              </Anchor>
              <Button variant="light" size="xs" onClick={startAgain}>
                {t('fileComplaint.another')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }} maw={760}>
      <Title order={1} size="h2">
        {t('fileComplaint.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('fileComplaint.intro')}
      </Text>
      {cities.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('fileComplaint.loadFailed', { message: errorText(t, cities.error) })}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form
          key={formKey}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('fileComplaint.channel')}
                withAsterisk
                data={ASSISTED_CHANNELS.map((value) => ({
                  value,
                  label: say(t, commonText(`intakeChannel.${value}`)),
                }))}
                value={channel}
                onChange={(value) => {
                  setChannel(value as AssistedChannel | null);
                  setErrors((current) => ({ ...current, channel: '' }));
                }}
                error={fieldError('channel')}
              />
              <Select
                label={t('fileComplaint.language')}
                description={t('fileComplaint.languageHint')}
                data={MESSAGE_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
                value={language}
                allowDeselect={false}
                onChange={(value) => setLanguage((value as Language | null) ?? 'en')}
              />
            </SimpleGrid>
            <TextInput
              label={t('intakeForm.fields.fullName')}
              withAsterisk
              value={fields.fullName}
              onChange={(event) => set('fullName')(event.currentTarget.value)}
              error={fieldError('fullName')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('intakeForm.fields.mobile')}
                withAsterisk
                inputMode="numeric"
                value={fields.mobile}
                onChange={(event) => set('mobile')(sanitiseMobileInput(event.currentTarget.value))}
                error={fieldError('mobile')}
              />
              <TextInput
                label={t('intakeForm.fields.email')}
                withAsterisk
                type="email"
                value={fields.email}
                onChange={(event) => set('email')(event.currentTarget.value)}
                error={fieldError('email')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('intakeForm.fields.city')}
                withAsterisk
                placeholder={t('intakeForm.placeholders.city')}
                data={cityOptions.map((city) => ({ value: String(city.id), label: city.name }))}
                value={fields.cityId || null}
                onChange={(value) => {
                  const city = cityOptions.find((option) => String(option.id) === value);
                  setFields((current) => ({
                    ...current,
                    cityId: value ?? '',
                    city: city?.name ?? '',
                    committeeId: '',
                    committee: '',
                  }));
                  setErrors((current) => ({ ...current, cityId: '' }));
                }}
                error={fieldError('cityId')}
              />
              <Select
                label={t('intakeForm.fields.committee')}
                withAsterisk
                placeholder={t('intakeForm.placeholders.committee')}
                data={(committees.data?.committees ?? []).map((committee) => ({
                  value: String(committee.id),
                  label: committee.name,
                }))}
                disabled={fields.cityId === ''}
                value={fields.committeeId || null}
                onChange={(value) => {
                  const committee = committees.data?.committees.find((option) => String(option.id) === value);
                  setFields((current) => ({
                    ...current,
                    committeeId: value ?? '',
                    committee: committee?.name ?? '',
                  }));
                  setErrors((current) => ({ ...current, committeeId: '' }));
                }}
                error={fieldError('committeeId')}
              />
            </SimpleGrid>
            <Textarea
              label={t('intakeForm.fields.description')}
              withAsterisk
              autosize
              minRows={4}
              maxRows={12}
              value={fields.description}
              onChange={(event) => set('description')(event.currentTarget.value)}
              error={fieldError('description')}
            />
            <Checkbox
              label={t('intakeForm.fields.phoneUpdates')}
              description={t('intakeForm.phoneUpdatesConsent')}
              checked={fields.phoneUpdates === OPT_IN_VALUE}
              onChange={(event) => set('phoneUpdates')(event.currentTarget.checked ? OPT_IN_VALUE : '')}
            />
            <FileInputField
              label={t('fileComplaint.letter')}
              description={t('intakeForm.attachment.hint')}
              error={fieldError('attachment')}
              onChange={(file) => {
                setLetter(file);
                setErrors((current) => ({ ...current, attachment: '' }));
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={fileComplaint.isPending}>
                {fileComplaint.isPending ? t('fileComplaint.submitting') : t('fileComplaint.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
