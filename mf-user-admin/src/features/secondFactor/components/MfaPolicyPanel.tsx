import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ROLES, type Role, roleLabel, STAFF_ROLES, say, toApiError } from 'shared-contracts';
import { showSuccessToast } from '../../../components/showToast';
import { USER_ADMIN_NS } from '../../../i18n';
import { useMfaPolicy, useSaveMfaPolicy } from '../api/useMfaPolicy';

/** The roles in the order of ROLES, each once: what is sent, and what is compared. */
function ordered(roles: readonly string[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

/**
 * The second factor policy on the users page (ADR 0054): the staff roles that must use two-step
 * sign-in, as checkboxes (the api's default: admin and association president), saved with
 * PUT /admin/mfa-policy. A role of the policy that is no staff role is kept as it is.
 */
export function MfaPolicyPanel() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const titleId = useId();
  const policy = useMfaPolicy();
  const save = useSaveMfaPolicy();
  // The boxes as ticked, until saved (null: as the api has them).
  const [chosen, setChosen] = useState<Role[] | null>(null);
  const saved = policy.data ? ordered(policy.data.roles) : [];
  const value = chosen ?? saved;
  const changed = chosen !== null && ordered(chosen).join() !== saved.join();
  // Someone the api does not let see the policy sees no panel (the page says they are not allowed).
  if (policy.isError && toApiError(policy.error).status === 403) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || save.isPending) return;
    save.mutate(ordered(value), {
      onSuccess: () => {
        setChosen(null);
        showSuccessToast(t('mfaPolicy.saved'), t('mfaPolicy.closeToast'));
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('mfaPolicy.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('mfaPolicy.intro')}
        </Text>
        {policy.isPending && <Loader size="sm" aria-label={t('mfaPolicy.loading')} />}
        {policy.isError && (
          <Alert color="red" variant="light">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('mfaPolicy.loadFailed', { message: errorText(t, policy.error) })}</Text>
              <Button size="xs" variant="default" onClick={() => void policy.refetch()}>
                {t('mfaPolicy.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {policy.data && (
          <form onSubmit={submit}>
            <Stack gap="sm">
              <Checkbox.Group
                label={t('mfaPolicy.roles')}
                value={value}
                onChange={(next) => setChosen(ordered(next))}
              >
                <Group gap="md" mt="xs">
                  {STAFF_ROLES.map((role) => (
                    <Checkbox key={role} value={role} label={say(t, roleLabel(role))} />
                  ))}
                </Group>
              </Checkbox.Group>
              {save.isError && (
                <Alert color="red" variant="light">
                  {t('mfaPolicy.saveFailed', { message: errorText(t, save.error) })}
                </Alert>
              )}
              <Group>
                <Button type="submit" disabled={!changed} loading={save.isPending}>
                  {t('mfaPolicy.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
