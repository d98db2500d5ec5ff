import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminUser, errorText, toApiError, useAuth } from 'shared-contracts';
import { showSuccessToast } from '../../../components/showToast';
import { USER_ADMIN_NS } from '../../../i18n';
import { useEndUserSessions, useResetUserMfa } from '../api/useUserSignIn';
import { signInActionFailure, type UserSignInAction } from '../rules/userSignInActions';

/** Dark enough for white text to pass WCAG AA. */
const DANGER_COLOR = 'red.8';

/** What differs between the two confirmations. */
const CONFIRMATIONS = {
  resetMfa: { title: 'userSignIn.resetTitle', text: 'userSignIn.resetText', confirm: 'userSignIn.resetMfa' },
  endSessions: {
    title: 'userSignIn.endTitle',
    text: 'userSignIn.endText',
    confirm: 'userSignIn.endSessions',
  },
} as const satisfies Record<UserSignInAction, unknown>;

/**
 * The sign-in actions of a user's details (ADR 0054): reset their second factor (a lost phone) and
 * end all their sessions (a password someone else may know), each behind a confirmation; the
 * outcome is a notification, a refusal stays in the dialog.
 */
export function UserSignInActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const titleId = useId();
  const [confirming, setConfirming] = useState<UserSignInAction | null>(null);
  const reset = useResetUserMfa();
  const endAll = useEndUserSessions();
  const mutation = confirming === 'endSessions' ? endAll : reset;
  const busy = reset.isPending || endAll.isPending;
  const name = user.fullName;
  // Ending one's own sessions signs oneself out too: said before it is confirmed.
  const myself = useAuth((state) => state.user?.id) === user.id;

  const open = (action: UserSignInAction) => {
    reset.reset();
    endAll.reset();
    setConfirming(action);
  };
  const close = () => {
    if (!busy) setConfirming(null);
  };
  const closeToast = t('userSignIn.closeToast');
  const confirm = () => {
    if (busy || !confirming) return;
    if (confirming === 'resetMfa') {
      reset.mutate(user.id, {
        onSuccess: () => {
          setConfirming(null);
          showSuccessToast(t('userSignIn.resetDone', { name }), closeToast);
        },
      });
    } else {
      endAll.mutate(user.id, {
        onSuccess: ({ ended }) => {
          setConfirming(null);
          showSuccessToast(t('userSignIn.ended', { name, count: ended }), closeToast);
        },
      });
    }
  };

  const failure =
    confirming && mutation.error ? signInActionFailure(confirming, toApiError(mutation.error)) : null;
  const texts = CONFIRMATIONS[confirming ?? 'resetMfa'];

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('userSignIn.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('userSignIn.intro')}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          aria-label={t('userSignIn.resetMfaOf', { name })}
          onClick={() => open('resetMfa')}
        >
          {t('userSignIn.resetMfa')}
        </Button>
        <Button
          variant="default"
          aria-label={t('userSignIn.endSessionsOf', { name })}
          onClick={() => open('endSessions')}
        >
          {t('userSignIn.endSessions')}
        </Button>
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={close}
        title={t(texts.title)}
        zIndex={300}
        centered
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        closeButtonProps={{ 'aria-label': t('userSignIn.close') }}
      >
        <Stack>
          <Text size="sm">{t(texts.text, { name })}</Text>
          {confirming === 'endSessions' && myself && (
            <Text size="sm" fw={600}>
              {t('userSignIn.endsYours')}
            </Text>
          )}
          {failure && (
            <Alert color={failure.key === 'userSignIn.noSecondFactor' ? 'blue' : 'red'} variant="light">
              {failure.key === 'userSignIn.noSecondFactor'
                ? t(failure.key, { name })
                : t(failure.key, { message: errorText(t, failure.message) })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy} data-autofocus>
              {t('userSignIn.cancel')}
            </Button>
            {failure?.key !== 'userSignIn.noSecondFactor' && (
              <Button color={DANGER_COLOR} onClick={confirm} loading={busy}>
                {t(texts.confirm)}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
