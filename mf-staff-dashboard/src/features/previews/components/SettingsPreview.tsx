import { Button, Paper, Radio, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { PreviewPage } from './PreviewPage';

/** docs/product.md#placeholder-screens placeholder: System Settings (site name, email notifications, theme). */
export function SettingsPreview() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const [theme, setTheme] = useState('light');
  return (
    <PreviewPage title={t('settings.title')}>
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <TextInput label={t('settings.siteName')} defaultValue={t('settings.siteNameDefault')} maw={420} />
          <Switch
            label={t('settings.emailNotifications')}
            description={t('settings.emailNotificationsHint')}
            defaultChecked
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          />
          <Radio.Group label={t('settings.theme')} value={theme} onChange={setTheme}>
            <Stack gap="xs" mt="xs">
              <Radio value="light" label={t('settings.themes.light')} />
              <Radio value="dark" label={t('settings.themes.dark')} />
              <Radio value="system" label={t('settings.themes.system')} />
            </Stack>
          </Radio.Group>
          <div>
            <Button disabled>{t('settings.save')}</Button>
          </div>
        </Stack>
      </Paper>
    </PreviewPage>
  );
}
