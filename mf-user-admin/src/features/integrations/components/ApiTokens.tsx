import { Button, Checkbox, Code, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_SCOPES,
  type ApiScope,
  type ApiToken,
  apiTokenInputSchema,
  citiesQuery,
  errorText,
  formatDateTime,
} from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { QueryFrame } from '../../../components/QueryFrame';
import { showSuccessToast } from '../../../components/showToast';
import { USER_ADMIN_NS } from '../../../i18n';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/integrations';

interface TokenForm {
  name: string;
  scopes: string[];
  cityId: string | null;
  expiresOn: string;
}

const EMPTY: TokenForm = { name: '', scopes: [], cityId: null, expiresOn: '' };

/** The catalogue key of a scope's description (`tickets:read` → `integrations.scope.tickets_read`). */
export const scopeKey = (scope: ApiScope) => `integrations.scope.${scope.replace(':', '_')}`;

/** The end of the chosen day in the admin's time zone, as the api's expiry; none when empty. */
function expiryOf(day: string): string | null {
  if (!day) return null;
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

function CreateTokenForm() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const cities = useQuery(citiesQuery());
  const create = useCreateApiToken();
  const [created, setCreated] = useState<string | null>(null);
  const form = useForm<TokenForm>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.name.trim()) errors.name = t('integrations.tokens.nameRequired');
      if (values.scopes.length === 0) errors.scopes = t('integrations.tokens.scopesRequired');
      return errors;
    },
  });

  const send = async (values: TokenForm) => {
    const parsed = apiTokenInputSchema.safeParse({
      name: values.name,
      scopes: values.scopes,
      cityId: values.cityId ? Number(values.cityId) : null,
      expiresAt: expiryOf(values.expiresOn),
    });
    if (!parsed.success) return;
    setCreated(null);
    try {
      const answer = await create.mutateAsync(parsed.data);
      setCreated(answer.token);
      form.reset();
    } catch {
      // The banner below says why (create.error).
    }
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate aria-label={t('integrations.tokens.create')}>
      <Stack gap="sm">
        {create.error && (
          <Banner title={t('integrations.tokens.createFailed')} color="red">
            {errorText(t, create.error)}
          </Banner>
        )}
        {created && (
          <Banner title={t('integrations.tokens.createdTitle')} role="status" color="green">
            <Text size="sm">{t('integrations.tokens.createdBody')}</Text>
            <Code
              block
              aria-label={t('integrations.tokens.tokenLabel')}
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {created}
            </Code>
          </Banner>
        )}
        <TextInput
          label={t('integrations.tokens.name')}
          required
          maxLength={120}
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label={t('integrations.tokens.scopes')} required {...form.getInputProps('scopes')}>
          <Stack gap={6} mt={6}>
            {API_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={`${t(scopeKey(scope))} (${scope})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('integrations.tokens.city')}
            placeholder={t('integrations.tokens.allCities')}
            clearable
            data={(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
            {...form.getInputProps('cityId')}
          />
          <TextInput
            type="date"
            label={t('integrations.tokens.expiresOn')}
            {...form.getInputProps('expiresOn')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('integrations.tokens.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const revoke = useRevokeApiToken();
  const state = token.revokedAt
    ? t('integrations.tokens.revoked')
    : token.expiresAt && new Date(token.expiresAt).getTime() < Date.now()
      ? t('integrations.tokens.expired')
      : t('integrations.tokens.active');
  return (
    <Table.Tr>
      <Table.Td>{token.name}</Table.Td>
      <Table.Td>{token.scopes.join(', ')}</Table.Td>
      <Table.Td>{token.city ?? t('integrations.tokens.allCities')}</Table.Td>
      <Table.Td>
        {token.expiresAt ? formatDateTime(token.expiresAt) : t('integrations.tokens.never')}
      </Table.Td>
      <Table.Td>
        {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('integrations.tokens.notUsed')}
      </Table.Td>
      <Table.Td>{state}</Table.Td>
      <Table.Td>
        {!token.revokedAt && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={revoke.isPending}
            aria-label={t('integrations.tokens.revokeLabel', { name: token.name })}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () =>
                  showSuccessToast(t('integrations.tokens.revokedToast'), t('integrations.close')),
              })
            }
          >
            {t('integrations.tokens.revoke')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** API tokens (ADR 0063): create one (shown once), see them all, revoke one. */
export function ApiTokens() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const tokens = useApiTokens();
  return (
    <Stack gap="md">
      <Title order={2}>{t('integrations.tokens.title')}</Title>
      <Text size="sm">{t('integrations.tokens.intro')}</Text>
      <CreateTokenForm />
      <QueryFrame
        query={tokens}
        loadFailed={t('integrations.loadFailed')}
        retryLabel={t('integrations.reload')}
        loadingLabel={t('integrations.loading')}
      >
        {tokens.data && tokens.data.length === 0 ? (
          <Text size="sm">{t('integrations.tokens.empty')}</Text>
        ) : (
          <Table.ScrollContainer
            minWidth={760}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('integrations.tokens.table') },
            }}
          >
            <Table aria-label={t('integrations.tokens.table')} fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integrations.tokens.name')}</Table.Th>
                  <Table.Th>{t('integrations.tokens.scopes')}</Table.Th>
                  <Table.Th>{t('integrations.tokens.city')}</Table.Th>
                  <Table.Th>{t('integrations.tokens.expires')}</Table.Th>
                  <Table.Th>{t('integrations.tokens.lastUsed')}</Table.Th>
                  <Table.Th>{t('integrations.tokens.state')}</Table.Th>
                  <Table.Th>{t('integrations.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(tokens.data ?? []).map((token) => (
                  <TokenRow key={token.id} token={token} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryFrame>
    </Stack>
  );
}
