import { i18n, registerCatalogue } from '.';

describe('the shared i18n instance', () => {
  it('has the common catalogue in English', () => {
    expect(i18n.t('common:appName')).toBe('Help Desk');
    expect(i18n.t('common:remoteUnavailable.retry')).toBe('Retry');
  });
  it('adds an app catalogue once (a reloaded remote keeps the first)', () => {
    registerCatalogue('probe', 'en', { title: 'First' });
    registerCatalogue('probe', 'en', { title: 'Second' });
    expect(i18n.t('probe:title')).toBe('First');
  });
});
