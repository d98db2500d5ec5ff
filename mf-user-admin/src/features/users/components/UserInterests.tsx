import { List, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText, formatDay } from 'shared-contracts';
import { USER_ADMIN_NS } from '../../../i18n';
import { useUserInterests } from '../api/useUserInterests';

/** A staff user's declared interests as admins see them (ADR 0048): each firm or project and its date. */
export function UserInterests({ userId }: { userId: number }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const interests = useUserInterests(userId);
  return (
    <Stack gap={4} component="section" aria-label={t('common:recusal.interestsTitle')}>
      <Text size="sm" fw={600}>
        {t('common:recusal.interestsTitle')}
      </Text>
      {interests.isPending && <Loader size="xs" />}
      {interests.error && (
        <Text size="sm" c="red.8">
          {errorText(t, interests.error)}
        </Text>
      )}
      {interests.data && interests.data.interests.length === 0 && (
        <Text size="sm">{t('common:recusal.interestsNone')}</Text>
      )}
      {interests.data && interests.data.interests.length > 0 && (
        <List size="sm">
          {interests.data.interests.map((interest) => (
            <List.Item key={interest.id}>
              {t(`common:recusal.kind.${interest.kind}`)}: {interest.name} (
              {t('common:recusal.declaredOn', { date: formatDay(interest.declaredAt.slice(0, 10)) })})
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
