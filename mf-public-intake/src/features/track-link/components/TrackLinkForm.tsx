import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { emailSchema, errorText } from 'shared-contracts';
import { PublicPage } from '../../../components/PublicPage';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { useRequestMemberLink } from '../api/useRequestMemberLink';

function emailError(email: string): string | null {
  const result = emailSchema.safeParse(email);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * /track: a member who lost their link asks for it by email. The page says the same thing
 * whatever the address, as the api answers the same: it never tells whether an address has
 * tickets (docs/architecture.md#conversation-and-notifications).
 */
export function TrackLinkForm() {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const request = useRequestMemberLink();
  const form = useForm({ initialValues: { email: '' }, validate: { email: emailError } });
  const submit = form.onSubmit(({ email }) => request.mutate(email.trim().toLowerCase()));

  return (
    <PublicPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('track.title')}
        </Title>
        <Text>{t('track.intro')}</Text>
        {request.isSuccess ? (
          <Alert color="green" variant="light" title={t('track.doneTitle')} role="status">
            {t('track.done', { email: request.variables })}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {request.error && (
                <Alert color="red" variant="light" title={t('track.failedTitle')}>
                  {errorText(t, request.error)}
                </Alert>
              )}
              <TextInput
                type="email"
                autoComplete="email"
                inputMode="email"
                label={t('track.email')}
                placeholder={t('addTicket.placeholders.email')}
                withAsterisk
                {...form.getInputProps('email')}
                // The shared schema's English message, shown by its code in the page's language.
                error={form.errors.email ? errorText(t, String(form.errors.email)) : undefined}
              />
              <Group>
                <Button type="submit" loading={request.isPending}>
                  {t('track.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <Group>
          <Button component={Link} to="/add-ticket" variant="default">
            {t('track.submitTicket')}
          </Button>
        </Group>
      </Stack>
    </PublicPage>
  );
}
