import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Breach, citiesQuery, errorText, formatDateTime } from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { QueryFrame } from '../../../components/QueryFrame';
import { USER_ADMIN_NS } from '../../../i18n';
import { useBreaches, useRecordBreach, useSendBreach } from '../api/usePrivacy';

/** A `datetime-local` input's value as an ISO time ('' stays ''). */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

/** A recorded breach: its facts, and while a draft, its two texts to review and send. */
function BreachCard({ breach }: { breach: Breach }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const send = useSendBreach();
  const [memberNotice, setMemberNotice] = useState(breach.memberNotice);
  const [boardReport, setBoardReport] = useState(breach.boardReport);
  const [boardEmail, setBoardEmail] = useState(breach.boardEmail ?? '');
  const label = t('privacy.breaches.cardLabel', { id: breach.id });
  return (
    <Paper withBorder p="sm" component="article" aria-label={label}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5">
            {label}
          </Title>
          <Badge color={breach.status === 'sent' ? 'green' : 'yellow'} variant="light" c="dark.9">
            {t(`privacy.breaches.statuses.${breach.status}`)}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {breach.what}
        </Text>
        <Text size="sm">
          {t('privacy.breaches.facts', {
            occurred: formatDateTime(breach.occurredAt),
            found: formatDateTime(breach.foundAt),
            from: breach.ticketsFrom,
            to: breach.ticketsTo,
            count: breach.affected,
          })}
        </Text>
        {breach.sentAt && (
          <Text size="sm">{t('privacy.breaches.sentAt', { at: formatDateTime(breach.sentAt) })}</Text>
        )}
        {send.error && <Banner color="red">{errorText(t, send.error)}</Banner>}
        {breach.status === 'draft' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send.mutate({ id: breach.id, body: { memberNotice, boardReport, boardEmail } });
            }}
          >
            <Stack gap={6}>
              <Textarea
                label={t('privacy.breaches.memberNotice')}
                value={memberNotice}
                onChange={(event) => setMemberNotice(event.currentTarget.value)}
                autosize
                minRows={3}
                required
              />
              <Textarea
                label={t('privacy.breaches.boardReport')}
                value={boardReport}
                onChange={(event) => setBoardReport(event.currentTarget.value)}
                autosize
                minRows={3}
                required
              />
              <TextInput
                type="email"
                label={t('privacy.breaches.boardEmail')}
                value={boardEmail}
                onChange={(event) => setBoardEmail(event.currentTarget.value)}
                required
              />
              <Group>
                <Button type="submit" size="xs" color="red.8" loading={send.isPending}>
                  {t('privacy.breaches.send', { count: breach.affected })}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The breach register (ADR 0069): record a breach (what, when, when found, the tickets it touches);
 * the api counts the affected members and drafts their notice and the report to the Board, which
 * an admin reviews here before sending them through the outbox.
 */
export function BreachRegister() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const query = useBreaches();
  const record = useRecordBreach();
  const cities = useQuery(citiesQuery());
  const empty = { what: '', occurredAt: '', foundAt: '', cityId: '', ticketsFrom: '', ticketsTo: '' };
  const [form, setForm] = useState(empty);
  const field = (name: keyof typeof empty) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((before) => ({ ...before, [name]: value }));
    },
    required: name !== 'cityId',
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="privacy-breaches-title">
      <Title order={2} size="h3" id="privacy-breaches-title">
        {t('privacy.breaches.title')}
      </Title>
      <Text size="sm">{t('privacy.breaches.intro')}</Text>
      {record.error && <Banner color="red">{errorText(t, record.error)}</Banner>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          record.mutate(
            {
              what: form.what,
              occurredAt: isoOf(form.occurredAt),
              foundAt: isoOf(form.foundAt),
              cityId: form.cityId ? Number(form.cityId) : null,
              ticketsFrom: form.ticketsFrom,
              ticketsTo: form.ticketsTo,
            },
            { onSuccess: () => setForm(empty) },
          );
        }}
      >
        <Stack gap={6}>
          <Textarea label={t('privacy.breaches.what')} autosize minRows={2} {...field('what')} />
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              type="datetime-local"
              label={t('privacy.breaches.occurredAt')}
              {...field('occurredAt')}
            />
            <TextInput type="datetime-local" label={t('privacy.breaches.foundAt')} {...field('foundAt')} />
          </Group>
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <NativeSelect
              label={t('privacy.breaches.city')}
              data={[
                { value: '', label: t('privacy.breaches.allCities') },
                ...(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name })),
              ]}
              {...field('cityId')}
            />
            <TextInput type="date" label={t('privacy.breaches.ticketsFrom')} {...field('ticketsFrom')} />
            <TextInput type="date" label={t('privacy.breaches.ticketsTo')} {...field('ticketsTo')} />
          </Group>
          <Group>
            <Button type="submit" loading={record.isPending}>
              {t('privacy.breaches.record')}
            </Button>
          </Group>
        </Stack>
      </form>
      <QueryFrame
        query={query}
        loadFailed={t('privacy.breaches.loadFailed')}
        retryLabel={t('privacy.retry')}
        loadingLabel={t('privacy.breaches.loading')}
      >
        {query.data?.length === 0 ? (
          <Text size="sm">{t('privacy.breaches.empty')}</Text>
        ) : (
          query.data?.map((breach) => <BreachCard key={breach.id} breach={breach} />)
        )}
      </QueryFrame>
    </Stack>
  );
}
