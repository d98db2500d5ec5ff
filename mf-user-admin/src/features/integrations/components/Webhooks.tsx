import { Button, Card, Checkbox, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorText,
  formatDateTime,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  webhookInputSchema,
} from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { QueryFrame } from '../../../components/QueryFrame';
import { USER_ADMIN_NS } from '../../../i18n';
import { useCreateWebhook, useDeliveries, useRetryDelivery, useWebhooks } from '../api/integrations';

/** The catalogue key of an event's name (`ticket.status_changed` → `integrations.event.ticket_status_changed`). */
export const eventKey = (event: WebhookEvent) => `integrations.event.${event.replace('.', '_')}`;

interface WebhookForm {
  url: string;
  events: string[];
}

function RegisterWebhookForm() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<WebhookForm>({
    initialValues: { url: '', events: [] },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!/^https:\/\/\S+$/i.test(values.url.trim())) errors.url = t('integrations.webhooks.urlInvalid');
      if (values.events.length === 0) errors.events = t('integrations.webhooks.eventsRequired');
      return errors;
    },
  });

  const send = async (values: WebhookForm) => {
    const parsed = webhookInputSchema.safeParse(values);
    if (!parsed.success) return;
    setSecret(null);
    try {
      setSecret((await create.mutateAsync(parsed.data)).secret);
      form.reset();
    } catch {
      // The banner below says why (create.error).
    }
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate aria-label={t('integrations.webhooks.register')}>
      <Stack gap="sm">
        {create.error && (
          <Banner title={t('integrations.webhooks.registerFailed')} color="red">
            {errorText(t, create.error)}
          </Banner>
        )}
        {secret && (
          <Banner title={t('integrations.webhooks.registeredTitle')} role="status" color="green">
            <Text size="sm">{t('integrations.webhooks.registeredBody')}</Text>
            <Code
              block
              aria-label={t('integrations.webhooks.secretLabel')}
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {secret}
            </Code>
          </Banner>
        )}
        <TextInput
          label={t('integrations.webhooks.url')}
          description={t('integrations.webhooks.urlHint')}
          required
          type="url"
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label={t('integrations.webhooks.events')} required {...form.getInputProps('events')}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={`${t(eventKey(event))} (${event})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('integrations.webhooks.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const deliveries = useDeliveries(webhook.id);
  const retry = useRetryDelivery(webhook.id);
  return (
    <QueryFrame
      query={deliveries}
      loadFailed={t('integrations.loadFailed')}
      retryLabel={t('integrations.reload')}
      loadingLabel={t('integrations.loading')}
    >
      <Group>
        <Button size="xs" variant="default" onClick={() => deliveries.refetch()}>
          {t('integrations.webhooks.refresh')}
        </Button>
      </Group>
      {deliveries.data && deliveries.data.length === 0 ? (
        <Text size="sm">{t('integrations.webhooks.noDeliveries')}</Text>
      ) : (
        <Table.ScrollContainer
          minWidth={640}
          scrollAreaProps={{
            viewportProps: {
              tabIndex: 0,
              role: 'region',
              'aria-label': t('integrations.webhooks.deliveries', { url: webhook.url }),
            },
          }}
        >
          <Table aria-label={t('integrations.webhooks.deliveries', { url: webhook.url })} fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('integrations.webhooks.event')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.status')}</Table.Th>
                <Table.Th ta="right">{t('integrations.webhooks.attempts')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.answer')}</Table.Th>
                <Table.Th>{t('integrations.webhooks.time')}</Table.Th>
                <Table.Th>{t('integrations.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(deliveries.data ?? []).map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td>{t(eventKey(delivery.event))}</Table.Td>
                  <Table.Td>{t(`integrations.deliveryStatus.${delivery.status}`)}</Table.Td>
                  <Table.Td ta="right">{delivery.attempts}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{delivery.answer ?? ''}</Table.Td>
                  <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
                  <Table.Td>
                    {delivery.status !== 'sent' && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={retry.isPending && retry.variables === delivery.id}
                        aria-label={t('integrations.webhooks.retryLabel', { id: delivery.id })}
                        onClick={() => retry.mutate(delivery.id)}
                      >
                        {t('integrations.webhooks.retry')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryFrame>
  );
}

function WebhookCard({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Text>
        <Text size="sm">{webhook.events.map((event) => t(eventKey(event))).join(', ')}</Text>
        <Group>
          <Button size="xs" variant="light" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('integrations.webhooks.hideDeliveries') : t('integrations.webhooks.showDeliveries')}
          </Button>
        </Group>
        {open && <Deliveries webhook={webhook} />}
      </Stack>
    </Card>
  );
}

/** Webhooks (ADR 0064): register one (its secret shown once), see each one's deliveries, retry one. */
export function Webhooks() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const webhooks = useWebhooks();
  return (
    <Stack gap="md">
      <Title order={2}>{t('integrations.webhooks.title')}</Title>
      <Text size="sm">{t('integrations.webhooks.intro')}</Text>
      <RegisterWebhookForm />
      <QueryFrame
        query={webhooks}
        loadFailed={t('integrations.loadFailed')}
        retryLabel={t('integrations.reload')}
        loadingLabel={t('integrations.loading')}
      >
        {webhooks.data && webhooks.data.length === 0 ? (
          <Text size="sm">{t('integrations.webhooks.empty')}</Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('integrations.webhooks.list')}
          >
            {(webhooks.data ?? []).map((webhook) => (
              <WebhookCard key={webhook.id} webhook={webhook} />
            ))}
          </Stack>
        )}
      </QueryFrame>
    </Stack>
  );
}
