import {
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTING_SCOPE,
  type AdminUser,
  API_SCOPES,
  type ApiScope,
  type ApiToken,
  apiTokenInputSchema,
  citiesQuery,
  errorText,
  formatDateTime,
  roleLabel,
  say,
  usersQuery,
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
  /** The staff user a tickets:write token acts for (ADR 0079). */
  actingUserId: string | null;
}

const EMPTY: TokenForm = { name: '', scopes: [], cityId: null, expiresOn: '', actingUserId: null };

/** How long the acting user's search waits for the typing to pause. */
const SEARCH_DEBOUNCE_MS = 300;
/** Staff users offered for one search (the server filters by name or email). */
const ACTING_USER_OPTIONS = 50;

/** The catalogue key of a scope's description (`tickets:read` → `integrations.scope.tickets_read`). */
export const scopeKey = (scope: ApiScope) => `integrations.scope.${scope.replace(':', '_')}`;

/** The end of the chosen day in the admin's time zone, as the api's expiry; none when empty. */
function expiryOf(day: string): string | null {
  if (!day) return null;
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/**
 * The staff user a tickets:write token acts for: active staff of the token's city (when it has
 * one), searched by name or email on the server. The chosen one stays an option while the search
 * box shows its label.
 */
function ActingUserSelect({
  cityName,
  inputProps,
}: {
  cityName: string | null;
  inputProps: ReturnType<ReturnType<typeof useForm<TokenForm>>['getInputProps']>;
}) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    ...usersQuery({ search: debounced || undefined, pageSize: ACTING_USER_OPTIONS }),
    staleTime: 0,
  });
  const optionOf = (user: AdminUser) => ({
    value: String(user.id),
    label: `${user.fullName} (${say(t, roleLabel(user.role))}, ${user.city})`,
  });
  const options = (found.data?.users ?? [])
    .filter((user) => user.isActive && user.role !== 'customer' && (!cityName || user.city === cityName))
    .map(optionOf);
  const data =
    chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select
      label={t('integrations.tokens.actingUser')}
      description={t('integrations.tokens.actingUserHint')}
      placeholder={t('integrations.tokens.actingUserSearch')}
      required
      searchable
      clearable
      nothingFoundMessage={t('integrations.tokens.actingUserNone')}
      data={data}
      onSearchChange={setSearch}
      {...inputProps}
      onChange={(value, option) => {
        setChosen(value ? option : null);
        inputProps.onChange(value);
      }}
    />
  );
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
      if (values.scopes.includes(ACTING_SCOPE) && !values.actingUserId) {
        errors.actingUserId = t('integrations.tokens.actingUserRequired');
      }
      return errors;
    },
  });

  const send = async (values: TokenForm) => {
    const parsed = apiTokenInputSchema.safeParse({
      name: values.name,
      scopes: values.scopes,
      cityId: values.cityId ? Number(values.cityId) : null,
      expiresAt: expiryOf(values.expiresOn),
      actingUserId:
        values.scopes.includes(ACTING_SCOPE) && values.actingUserId ? Number(values.actingUserId) : null,
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
        {form.values.scopes.includes(ACTING_SCOPE) && (
          <ActingUserSelect
            cityName={
              cities.data?.cities.find((city) => String(city.id) === form.values.cityId)?.name ?? null
            }
            inputProps={form.getInputProps('actingUserId')}
          />
        )}
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

/** Red dark enough for white text to reach WCAG AA (Mantine's red 6 does not). */
const DANGER_COLOR = 'red.8';

/** Asks before a token is revoked: the system using it stops at once, and it cannot be undone. */
function RevokeDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const revoke = useRevokeApiToken();
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      closeOnClickOutside={!revoke.isPending}
      closeOnEscape={!revoke.isPending}
      closeButtonProps={{ 'aria-label': t('integrations.tokens.closeDialog') }}
      title={t('integrations.tokens.revokeConfirmTitle', { name: token.name })}
    >
      <Stack gap="md">
        <Text size="sm">{t('integrations.tokens.revokeConfirmBody')}</Text>
        {revoke.error && (
          <Banner title={t('integrations.tokens.revokeFailed')} color="red">
            {errorText(t, revoke.error)}
          </Banner>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={revoke.isPending} data-autofocus>
            {t('integrations.tokens.cancel')}
          </Button>
          <Button
            color={DANGER_COLOR}
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () => {
                  showSuccessToast(t('integrations.tokens.revokedToast'), t('integrations.close'));
                  onClose();
                },
              })
            }
          >
            {t('integrations.tokens.revokeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const [confirming, setConfirming] = useState(false);
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
      <Table.Td>{token.actingUser ?? t('integrations.tokens.noActingUser')}</Table.Td>
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
            aria-label={t('integrations.tokens.revokeLabel', { name: token.name })}
            onClick={() => setConfirming(true)}
          >
            {t('integrations.tokens.revoke')}
          </Button>
        )}
        {confirming && <RevokeDialog token={token} onClose={() => setConfirming(false)} />}
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
            minWidth={880}
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
                  <Table.Th>{t('integrations.tokens.actingUserColumn')}</Table.Th>
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
