import { i18n, registerCatalogue, registerCatalogueLoader, setLanguage } from '.';

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
  it('fetches, in the new language, the catalogue of a remote that arrives during a switch', async () => {
    registerCatalogue('late', 'en', { title: 'Dashboard' });
    const switching = setLanguage('hi');
    // The remote registers while the switch is still fetching (i18next still says English).
    expect(i18n.language).toBe('en');
    const asked: string[] = [];
    registerCatalogueLoader('late', async (language) => {
      asked.push(language);
      return { title: 'डैशबोर्ड' };
    });
    await switching;
    await new Promise((settled) => setTimeout(settled, 0));
    expect(asked).toEqual(['hi']);
    expect(i18n.t('late:title')).toBe('डैशबोर्ड');
    await setLanguage('en');
    expect(i18n.t('late:title')).toBe('Dashboard');
  });
});
