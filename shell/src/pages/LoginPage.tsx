import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  clearEnrolmentDue,
  errorText,
  finishSignIn,
  landingRoute,
  MFA_ENROLMENT_STATE,
  startSignIn,
  toApiError,
} from 'shared-contracts';
import { AssociationLogo, HelpDeskLogo } from '../components/Logos';
import { SHELL_NS } from '../i18n';
import { afterSignInRoute } from '../rules/afterSignIn';
import { loginError } from '../rules/loginError';

/** A circled exclamation mark, so the banner does not speak by colour alone. */
function ErrorIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="16.5" r="1.25" fill="currentColor" />
    </svg>
  );
}

/** Where 'Need help?' leads: the public ticket form, where anyone can ask the help desk for help. */
export const NEED_HELP_ROUTE = '/add-ticket';

/**
 * The sign-in screen (docs/product.md#overview, docs/product.md#login-screen, docs/product.md#sign-in-validation Login). The browser checks the fields
 * (email required and of email type, password required) before anything is sent; the server's
 * answer decides the rest: its error text in a red banner (else 'Invalid email or password'), or
 * 'Invalid response from server' when it lacks user or token.
 */
export function LoginPage() {
  const { t } = useTranslation([SHELL_NS, 'common']);
  const navigate = useNavigate();
  // The staff screen that sent the visitor here (RequireSession), if any.
  const { state: cameFrom } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);
  // A user with a second factor gets a challenge for the code step instead of a token (ADR 0054).
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // The sign-in is a write like any other: a mutation (ADR 0012). It stores token and user (keys
  // `token` and `user`); then the screen asked for, or the role's landing route. A user whose role
  // must use a second factor and has none yet goes to set it up instead of the landing route, told
  // why (ADR 0054); a screen they asked for (a link from a staff email) still opens. It stays busy
  // until the navigation.
  const signIn = useMutation({
    mutationFn: (credentials: { email: string; password: string }) => startSignIn(credentials),
    onSuccess: (answer) => {
      if (answer.kind === 'code') {
        setChallenge(answer.challenge);
        return;
      }
      const next = afterSignInRoute(answer.user.role, cameFrom);
      if (answer.mustEnrol && next === landingRoute(answer.user.role)) {
        navigate(answer.landing, { replace: true, state: MFA_ENROLMENT_STATE });
      } else navigate(next, { replace: true });
      clearEnrolmentDue();
    },
  });
  const verify = useMutation({
    mutationFn: (typed: string) => finishSignIn(challenge ?? '', typed),
    onSuccess: ({ user }) => navigate(afterSignInRoute(user.role, cameFrom), { replace: true }),
  });
  const busy = (signIn.isPending || signIn.isSuccess) && !challenge;
  const verifying = verify.isPending || verify.isSuccess;
  const failed = challenge ? verify.error : signIn.error;
  const error = failed ? errorText(t, loginError(toApiError(failed))) : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    signIn.mutate({ email, password });
  }

  function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verifying) return;
    verify.mutate(code);
  }

  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 56 }} px="md">
      <Center>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Stack gap="lg">
            <Group justify="center" gap="xl">
              <HelpDeskLogo size={64} alt={t('login.helpDeskLogo')} />
              <AssociationLogo size={64} alt={t('login.associationLogo')} />
            </Group>
            <Stack gap="xs" ta="center">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {t('common:appName')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('login.welcome')}
              </Text>
            </Stack>
            {error && (
              <Alert color="red" variant="light" role="alert" icon={<ErrorIcon />}>
                {error}
              </Alert>
            )}
            {challenge ? (
              <form onSubmit={handleCode}>
                <Stack gap="md">
                  <Text size="sm">{t('login.codeHint')}</Text>
                  <TextInput
                    label={t('login.code')}
                    name="code"
                    autoComplete="one-time-code"
                    inputMode="text"
                    required
                    autoFocus
                    value={code}
                    onChange={(event) => setCode(event.currentTarget.value)}
                  />
                  <Button type="submit" fullWidth disabled={verifying}>
                    {verifying ? t('login.verifying') : t('login.verify')}
                  </Button>
                </Stack>
              </form>
            ) : (
              <form onSubmit={handleSubmit}>
                <Stack gap="md">
                  <TextInput
                    label={t('login.email')}
                    type="email"
                    name="email"
                    autoComplete="username"
                    required
                    value={email}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                  />
                  <PasswordInput
                    label={t('login.password')}
                    name="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                    visible={passwordVisible}
                    onVisibilityChange={setPasswordVisible}
                    visibilityToggleFocusable
                    visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
                  />
                  <Button type="submit" fullWidth disabled={busy}>
                    {busy ? t('login.submitting') : t('login.submit')}
                  </Button>
                </Stack>
              </form>
            )}
            <Text ta="center" size="sm">
              <Anchor component={Link} to={NEED_HELP_ROUTE}>
                {t('login.needHelp')}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
