import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type City, cityCreateSchema, errorText } from 'shared-contracts';
import { QueryFrame } from '../../../components/QueryFrame';
import { USER_ADMIN_NS } from '../../../i18n';
import {
  useAllCommittees,
  useAssignCommittee,
  useCities,
  useCityCommittees,
  useCityConvenors,
  useCreateCity,
  useSetConvenor,
} from '../api/useChapters';
import { ChapterTimeModal } from './ChapterTimeModal';
import { type Outcome, OutcomeBanner } from './OutcomeBanner';
import { SlaDefaultsForm } from './SlaDefaultsForm';

/** POST /cities: the name checked by the shared schema first, the api's refusal (a duplicate) shown. */
function NewCityForm() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const create = useCreateCity();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => {
      const result = cityCreateSchema.safeParse(values);
      return result.success ? {} : { name: errorText(t, result.error.issues[0]?.message ?? '') };
    },
  });
  const submit = form.onSubmit((values) => {
    setOutcome(null);
    const name = cityCreateSchema.parse(values).name;
    create.mutate(name, {
      onSuccess: (answer) => {
        setOutcome({ ok: true, text: t('chapters.cityAdded', { name: answer.city.name }) });
        form.reset();
      },
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  });
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="new-city-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-city-heading">
            {t('chapters.newCity')}
          </Title>
          <OutcomeBanner outcome={outcome} />
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('chapters.cityName')}
              required
              style={{ flex: '1 1 14rem' }}
              {...form.getInputProps('name')}
            />
            <Button type="submit" loading={create.isPending}>
              {t('chapters.addCity')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** One chapter: its committees (and one more to give it), its convenor (and the choice of another). */
function CityCard({ city }: { city: City }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const committees = useCityCommittees(city.id);
  const allCommittees = useAllCommittees();
  const convenors = useCityConvenors(city.name);
  const assign = useAssignCommittee(city.id);
  const setConvenor = useSetConvenor(city.id);
  const [committeeId, setCommitteeId] = useState('');
  const [convenorId, setConvenorId] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [timeOpen, setTimeOpen] = useState(false);

  const has = new Set((committees.data?.committees ?? []).map((committee) => committee.id));
  const committeeOptions = (allCommittees.data?.committees ?? [])
    .filter((committee) => !has.has(committee.id))
    .map((committee) => ({ value: String(committee.id), label: committee.name }));
  const convenorOptions = (convenors.data ?? []).map((user) => ({
    value: String(user.id),
    label: user.fullName,
  }));
  const convenorName =
    city.convenorId == null
      ? null
      : (convenors.data?.find((user) => user.id === city.convenorId)?.fullName ??
        t('chapters.userNumber', { id: city.convenorId }));

  const addCommittee = () => {
    if (!committeeId) return;
    setOutcome(null);
    const name = committeeOptions.find((option) => option.value === committeeId)?.label ?? '';
    assign.mutate(Number(committeeId), {
      onSuccess: () => {
        setOutcome({ ok: true, text: t('chapters.committeeAdded', { committee: name, city: city.name }) });
        setCommitteeId('');
      },
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  };
  const saveConvenor = () => {
    if (!convenorId) return;
    setOutcome(null);
    const name = convenorOptions.find((option) => option.value === convenorId)?.label ?? '';
    setConvenor.mutate(Number(convenorId), {
      onSuccess: () => {
        setOutcome({ ok: true, text: t('chapters.convenorSet', { name, city: city.name }) });
        setConvenorId('');
      },
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  };

  const headingId = `city-${city.id}-heading`;
  return (
    <Card component="li" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {city.name}
        </Title>
        <OutcomeBanner outcome={outcome} />
        <Text size="sm">
          <Text span fw={600}>
            {t('chapters.committees')}:{' '}
          </Text>
          {committees.isPending
            ? t('chapters.loading')
            : (committees.data?.committees ?? []).map((committee) => committee.name).join(', ') ||
              t('chapters.noCommittee')}
        </Text>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('chapters.committeeToAdd', { city: city.name })}
            data={[{ value: '', label: t('chapters.chooseCommittee') }, ...committeeOptions]}
            value={committeeId}
            onChange={(event) => setCommitteeId(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button variant="light" disabled={!committeeId} loading={assign.isPending} onClick={addCommittee}>
            {t('chapters.addCommittee')}
          </Button>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {t('chapters.convenor')}:{' '}
          </Text>
          {convenorName ?? t('chapters.noConvenor')}
        </Text>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('chapters.convenorOf', { city: city.name })}
            data={[
              {
                value: '',
                label:
                  convenorOptions.length === 0 && !convenors.isPending
                    ? t('chapters.noConvenors')
                    : t('chapters.chooseConvenor'),
              },
              ...convenorOptions,
            ]}
            value={convenorId}
            onChange={(event) => setConvenorId(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button
            variant="light"
            disabled={!convenorId}
            loading={setConvenor.isPending}
            onClick={saveConvenor}
          >
            {t('chapters.saveConvenor')}
          </Button>
        </Group>
        <Group>
          <Button
            variant="default"
            onClick={() => setTimeOpen(true)}
            aria-label={t('chapters.openTimeFor', { city: city.name })}
          >
            {t('chapters.openTime')}
          </Button>
        </Group>
      </Stack>
      {timeOpen && <ChapterTimeModal city={city} onClose={() => setTimeOpen(false)} />}
    </Card>
  );
}

/**
 * The chapters admin: a form for a new city, then each city with its committees and convenor
 * (docs/product.md#calls Cities: POST /cities, POST /cities/committee/{id}/assign,
 * PUT /cities/{id}/convenor). Every change invalidates the lists it changes (ADR 0012).
 */
export function ChaptersAdmin() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const cities = useCities();
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('chapters.intro')}
      </Text>
      <NewCityForm />
      <SlaDefaultsForm />
      <QueryFrame
        query={cities}
        loadFailed={t('chapters.loadFailed')}
        retryLabel={t('chapters.reload')}
        loadingLabel={t('chapters.loading')}
      >
        {cities.data && cities.data.cities.length === 0 ? (
          <Text c="gray.7" py="lg" ta="center">
            {t('chapters.empty')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="md"
            p={0}
            m={0}
            aria-label={t('chapters.list')}
            style={{ listStyle: 'none' }}
          >
            {cities.data?.cities.map((city) => (
              <CityCard key={city.id} city={city} />
            ))}
          </Stack>
        )}
      </QueryFrame>
    </Stack>
  );
}
