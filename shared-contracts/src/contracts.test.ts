import * as contracts from './contracts';
import * as root from './index';

describe('the framework-free entry', () => {
  it('is part of the package root (one copy of every contract)', () => {
    const rootExports = new Map(Object.entries(root));
    for (const [name, value] of Object.entries(contracts)) {
      expect(rootExports.get(name)).toBe(value);
    }
  });
  it('keeps the names the shell and the remotes already import', () => {
    for (const name of [
      'API_BASE',
      'http',
      'onUnauthorized',
      'authStore',
      'normaliseRole',
      'TOKEN_KEY',
      'USER_KEY',
      'useAuth',
      'i18n',
      'registerCatalogue',
      'isChromeHidden',
      'REMOTE_ROUTES',
      'ROUTES_EXPOSE',
      'landingRoute',
      'AppProviders',
      'theme',
    ]) {
      expect(root).toHaveProperty(name);
    }
  });
});
