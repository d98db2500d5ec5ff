import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { errorText, formatDateTime, type MfaEnrollResponse, sentToEnrol } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import {
  useConfirmMfa,
  useEndSession,
  useEnrollMfa,
  useMfaStatus,
  useMySessions,
} from '../api/useSignInSecurity';
import { QrCode } from './QrCode';

/**
 * Sign-in and sessions on /profile (ADR 0053, 0054): set up the second factor (a QR code and the
 * secret as text, a first code, then the ten recovery codes shown once), and the places where I am
 * signed in, each of which I can end (its next call is refused). A sign-in that must set up a
 * second factor first lands here (router state `MFA_ENROLMENT_STATE`): the section comes into view
 * and says why.
 */
export function SignInSecurity() {
  const { t, i18n } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const toEnrol = sentToEnrol(useLocation().state);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (toEnrol) section.current?.scrollIntoView?.({ block: 'start' });
  }, [toEnrol]);
  return (
    <Paper ref={section} withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {t('signIn.title')}
        </Title>
        <SecondFactor toEnrol={toEnrol} />
        <Sessions language={i18n.language} />
      </Stack>
    </Paper>
  );
}

function SecondFactor({ toEnrol }: { toEnrol: boolean }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const status = useMfaStatus();
  const enroll = useEnrollMfa();
  const confirm = useConfirmMfa();
  const [pending, setPending] = useState<MfaEnrollResponse | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) return <Loader size="sm" aria-label={t('signIn.loading')} />;
  if (status.isError) return <Alert color="red">{errorText(t, status.error)}</Alert>;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code, {
      onSuccess: (answer) => {
        setRecoveryCodes(answer.recoveryCodes);
        setPending(null);
        setCode('');
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('signIn.mfaTitle')}
      </Title>
      {toEnrol && !status.data.enrolled && (
        // The theme's blue: Mantine's orange title reads at 3.6:1 on its light background.
        <Alert title={t('signIn.enrolFirstTitle')}>{t('signIn.enrolFirst')}</Alert>
      )}
      {recoveryCodes && (
        <Alert color="green" title={t('signIn.enrolled')}>
          <Text size="sm">{t('signIn.recoveryIntro')}</Text>
          <List size="sm" aria-label={t('signIn.recoveryCodes')}>
            {recoveryCodes.map((value) => (
              <List.Item key={value}>
                <Code>{value}</Code>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {status.data.enrolled ? (
        !recoveryCodes && (
          <Text size="sm">{t('signIn.enrolledState', { count: status.data.recoveryCodesLeft })}</Text>
        )
      ) : (
        <>
          <Text size="sm">{status.data.required ? t('signIn.required') : t('signIn.optional')}</Text>
          {!pending && (
            <Group>
              <Button
                onClick={() => enroll.mutate(undefined, { onSuccess: setPending })}
                loading={enroll.isPending}
              >
                {t('signIn.setUp')}
              </Button>
            </Group>
          )}
          {enroll.isError && <Alert color="red">{errorText(t, enroll.error)}</Alert>}
          {pending && (
            <form onSubmit={submit}>
              <Stack gap="sm">
                <Text size="sm">{t('signIn.scan')}</Text>
                <QrCode value={pending.otpauthUrl} label={t('signIn.qrLabel')} />
                <Text size="sm">
                  {t('signIn.secret')} <Code data-testid="mfa-secret">{pending.secret}</Code>
                </Text>
                <TextInput
                  label={t('signIn.code')}
                  name="code"
                  autoComplete="one-time-code"
                  required
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  maw={240}
                />
                {confirm.isError && <Alert color="red">{errorText(t, confirm.error)}</Alert>}
                <Group>
                  <Button type="submit" loading={confirm.isPending}>
                    {t('signIn.confirm')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </>
      )}
    </Stack>
  );
}

function Sessions({ language }: { language: string }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const sessions = useMySessions();
  const end = useEndSession();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('signIn.sessionsTitle')}
      </Title>
      {sessions.isPending && <Loader size="sm" aria-label={t('signIn.loading')} />}
      {sessions.isError && <Alert color="red">{errorText(t, sessions.error)}</Alert>}
      {end.isError && <Alert color="red">{errorText(t, end.error)}</Alert>}
      {sessions.data && (
        <List listStyleType="none" spacing="sm" aria-label={t('signIn.sessionsTitle')}>
          {sessions.data.sessions.map((session) => (
            <List.Item key={session.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {session.device ?? t('signIn.unknownDevice')}{' '}
                    {session.current && <Badge variant="light">{t('signIn.thisSession')}</Badge>}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('signIn.sessionLine', {
                      address: session.address ?? '—',
                      lastUsed: formatDateTime(session.lastUsedAt, language as never),
                    })}
                  </Text>
                </Stack>
                {!session.current && (
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    onClick={() => end.mutate(session.id)}
                    loading={end.isPending && end.variables === session.id}
                    aria-label={t('signIn.endNamed', { device: session.device ?? t('signIn.unknownDevice') })}
                  >
                    {t('signIn.end')}
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
