import { landingRoute } from './landingRoute';
import { normaliseRole } from './normaliseRole';
import { roleLabel } from './roleLabel';
import { canSeeUserManagement, sidebarMenu } from './sidebarMenu';

describe('normaliseRole', () => {
  it.each([
    ['Admin', 'admin'],
    [' CITYPRESIDENT ', 'citypresident'],
    ['', 'customer'],
    ['   ', 'customer'],
    [null, 'customer'],
    [undefined, 'customer'],
    ['Wizard', 'wizard'],
  ])('%p → %p', (role, expected) => {
    expect(normaliseRole(role)).toBe(expected);
  });
});

describe('landingRoute (docs/product.md#after-sign-in)', () => {
  it.each([
    ['admin', '/dashboard'],
    ['credaipresident', '/dashboard'],
    ['CityPresident', '/dashboard'],
    ['governor', '/dashboard'],
    ['observer', '/dashboard'],
    ['convenor', '/dashboard'],
    ['customer', '/add-ticket'],
    ['Customer', '/add-ticket'],
    [null, '/add-ticket'],
    ['wizard', '/dashboard'],
  ])('%p → %p', (role, route) => {
    expect(landingRoute(role)).toBe(route);
  });
});

describe('sidebarMenu (docs/product.md#layout)', () => {
  const labels = (role: string | null) => sidebarMenu(role).map((item) => `${item.label}:${item.path}`);
  it.each([
    ['admin', ['Dashboard:/dashboard', 'Users:/activity', 'Logout:/']],
    ['wizard', ['Dashboard:/dashboard', 'Users:/activity', 'Logout:/']],
    ['citypresident', ['Dashboard:/dashboard', 'Logout:/']],
    ['Convenor', ['Dashboard:/dashboard', 'Logout:/']],
    ['credaipresident', ['Dashboard:/dashboard', 'Logout:/']],
    ['governor', ['Dashboard:/add-ticket', 'Logout:/']],
    ['observer', ['Dashboard:/add-ticket', 'Logout:/']],
    ['customer', ['Dashboard:/add-ticket', 'Logout:/']],
  ])('%p → %p', (role, expected) => {
    expect(labels(role)).toEqual(expected);
  });
  it.each([
    ['admin', true],
    ['wizard', true],
    ['citypresident', false],
    ['customer', false],
  ])('User Management entry for %p → %p', (role, expected) => {
    expect(canSeeUserManagement(role)).toBe(expected);
  });
});

describe('roleLabel (docs/product.md#roles)', () => {
  it.each([
    ['admin', 'Admin'],
    ['credaipresident', 'Credai President'],
    ['citypresident', 'City President'],
    ['observer', 'Office Bearer'],
    ['convenor', 'Convenor'],
    ['customer', 'Customer'],
    ['governor', 'Governor'],
    ['Wizard', 'Wizard'],
    [null, 'Customer'],
  ])('%p → %p', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
});
