import { i18n } from '../i18n';
import { say, type Text } from '../i18n/text';
import { landingRoute } from './landingRoute';
import { normaliseRole } from './normaliseRole';
import { roleLabel } from './roleLabel';
import { canSeeUserManagement, sidebarMenu } from './sidebarMenu';

/** A rule's text as the English page shows it (through the catalogue, as a component does). */
const en = (text: Text | null) => (text ? say(i18n.t, text) : text);

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
  const labels = (role: string | null) => sidebarMenu(role).map((item) => `${item.key}:${item.path}`);
  it.each([
    [
      'admin',
      [
        'dashboard:/dashboard',
        'reports:/reports',
        'fileComplaint:/file-complaint',
        'cannedResponses:/canned-responses',
        'users:/activity',
        'messages:/messages',
        'chapters:/chapters',
        'integrations:/integrations',
        'privacy:/privacy',
        'logout:/',
      ],
    ],
    [
      'wizard',
      [
        'dashboard:/dashboard',
        'reports:/reports',
        'fileComplaint:/file-complaint',
        'cannedResponses:/canned-responses',
        'users:/activity',
        'messages:/messages',
        'chapters:/chapters',
        'integrations:/integrations',
        'privacy:/privacy',
        'logout:/',
      ],
    ],
    [
      'citypresident',
      [
        'dashboard:/dashboard',
        'reports:/reports',
        'fileComplaint:/file-complaint',
        'cannedResponses:/canned-responses',
        'logout:/',
      ],
    ],
    ['Convenor', ['dashboard:/dashboard', 'reports:/reports', 'fileComplaint:/file-complaint', 'logout:/']],
    ['credaipresident', ['dashboard:/dashboard', 'reports:/reports', 'logout:/']],
    ['governor', ['dashboard:/add-ticket', 'logout:/']],
    ['observer', ['dashboard:/add-ticket', 'logout:/']],
    ['customer', ['dashboard:/add-ticket', 'logout:/']],
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
    expect(en(roleLabel(role))).toBe(label);
  });
});
