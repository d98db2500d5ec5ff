import { Button, Paper, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { PreviewPage } from './PreviewPage';
import { SAMPLE_PROFILE } from './sampleData';

/** docs/product.md#placeholder-screens placeholder: Profile Settings with sample values. */
export function ProfilePreview({ lead }: { lead?: ReactNode }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <PreviewPage title={t('profile.title')} lead={lead}>
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('profile.fullName')} defaultValue={SAMPLE_PROFILE.fullName} />
          <TextInput label={t('profile.email')} type="email" defaultValue={SAMPLE_PROFILE.email} />
          <TextInput label={t('profile.mobile')} defaultValue={SAMPLE_PROFILE.mobile} />
          <TextInput label={t('profile.city')} defaultValue={SAMPLE_PROFILE.city} />
          <TextInput label={t('profile.role')} defaultValue={SAMPLE_PROFILE.role} readOnly />
        </SimpleGrid>
        <Button mt="lg" disabled>
          {t('profile.save')}
        </Button>
      </Paper>
    </PreviewPage>
  );
}
