import { Button } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { AppProviders } from './AppProviders';
import { theme } from './theme';

function Probe() {
  const { t } = useTranslation('common');
  return <Button>{t('appName')}</Button>;
}

describe('AppProviders', () => {
  it('gives children the theme, notifications and the shared texts', () => {
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Help Desk' })).toBeInTheDocument();
    expect(theme.primaryColor).toBe('helpdesk');
  });
});
