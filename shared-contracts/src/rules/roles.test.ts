import { chartTitle } from './chartTitle';
import { CITY_DROPDOWN_TEXTS, isCityDropdownDisabled, isCityLocked } from './cityDropdown';
import { dashboardTitle } from './dashboardTitle';
import { landingRoute } from './landingRoute';
import { knownRole, normaliseRole } from './normaliseRole';
import { roleBadgeColor } from './roleBadgeColor';
import { roleDescription } from './roleDescription';
import { roleLabel } from './roleLabel';
import { canSeeUserManagement, sidebarMenu } from './sidebarMenu';
import { ticketListTitle } from './ticketListTitle';
import { USER_ROLE_FILTER_OPTIONS } from './userRoleFilter';

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
  it.each([
    ['Observer', 'observer'],
    [null, 'customer'],
    ['wizard', undefined],
  ])('knownRole %p → %p', (role, expected) => {
    expect(knownRole(role)).toBe(expected);
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

describe('dashboardTitle (docs/product.md#screens)', () => {
  it.each([
    ['admin', 'Admin Dashboard'],
    ['CityPresident', 'City President Dashboard'],
    ['credaipresident', 'Credai President Dashboard'],
    ['convenor', 'Convenor Dashboard'],
    ['observer', 'Office Bearer Dashboard'],
    ['governor', 'Help Desk'],
    [null, 'Help Desk'],
  ])('%p → %p', (role, title) => {
    expect(dashboardTitle(role)).toBe(title);
  });
});

describe('chartTitle (docs/product.md#screens)', () => {
  it.each([
    ['citypresident', 'Tickets in Your City'],
    ['convenor', 'Tickets in Your City'],
    ['governor', 'Tickets Awaiting Your Review'],
    ['observer', 'Tickets Assigned to You'],
    ['admin', 'Tickets by City'],
    ['CredaiPresident', 'Tickets by City'],
    ['customer', 'Your Tickets'],
    ['wizard', 'Your Tickets'],
  ])('%p → %p', (role, title) => {
    expect(chartTitle(role)).toBe(title);
  });
});

describe('ticketListTitle (docs/product.md#screens)', () => {
  it.each([
    ['admin', 'all', 'Admin Ticket Management'],
    ['admin', 'in-review', 'Admin Ticket Management'],
    ['citypresident', 'in-review', 'In Review Tickets for Review'],
    ['citypresident', 'In-Review', 'In Review Tickets for Review'],
    ['citypresident', 'all', 'All City Tickets'],
    ['citypresident', undefined, 'All City Tickets'],
    ['convenor', 'in-review', 'Assigned Tickets for Convenor'],
    ['observer', 'in-review', 'Tickets Awaiting Observer Review'],
    ['observer', 'approved', 'All Office Bearer Tickets'],
    ['governor', 'all', 'Ticket Management'],
    [null, null, 'Ticket Management'],
  ])('%p with filter %p → %p', (role, filter, title) => {
    expect(ticketListTitle(role, filter)).toBe(title);
  });
});

describe('roleDescription (docs/product.md#overview)', () => {
  it.each([
    ['citypresident', 'The City President reviews, approves, rejects or resolves tickets of their city.'],
    ['convenor', 'The Convenor manages tickets approved by City Presidents.'],
    [
      'observer',
      "The Observer gives an additional review of tickets approved by City Presidents, and the observer's approval is needed for final approval.",
    ],
    ['Admin', 'Admin has full access to tickets and users.'],
    ['credaipresident', 'CredaiPresident oversees all cities.'],
    ['governor', null],
    ['customer', null],
  ])('%p → %p', (role, text) => {
    expect(roleDescription(role)).toBe(text);
  });
});

describe('roleLabel and roleBadgeColor (docs/product.md#roles)', () => {
  it.each([
    ['admin', 'Admin', 'red'],
    ['credaipresident', 'Credai President', 'blue'],
    ['citypresident', 'City President', 'green'],
    ['observer', 'Office Bearer', 'cyan'],
    ['convenor', 'Convenor', 'yellow'],
    ['customer', 'Customer', 'gray'],
    ['governor', 'Governor', 'gray'],
    ['Wizard', 'Wizard', 'gray'],
    [null, 'Customer', 'gray'],
  ])('%p → %p, %p', (role, label, color) => {
    expect(roleLabel(role)).toBe(label);
    expect(roleBadgeColor(role)).toBe(color);
  });
  it('the role filter offers All Roles and five roles, never Customer', () => {
    expect(USER_ROLE_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'All Roles',
      'Admin',
      'Credai President',
      'City President',
      'Observer',
      'Convenor',
    ]);
  });
});

describe('city dropdown (docs/product.md#screens)', () => {
  it('texts', () => {
    expect(CITY_DROPDOWN_TEXTS).toEqual({
      search: 'Search cities...',
      empty: 'No cities found',
      loading: 'Loading cities...',
    });
  });
  it.each([
    [{ loading: true, role: 'admin', cityCount: 5 }, true],
    [{ loading: false, role: 'citypresident', cityCount: 5 }, true],
    [{ loading: false, role: 'Convenor', cityCount: 5 }, true],
    [{ loading: false, role: 'admin', cityCount: 1 }, true],
    [{ loading: false, role: 'admin', cityCount: 0 }, true],
    [{ loading: false, role: 'admin', cityCount: 2 }, false],
    [{ loading: false, role: 'observer', cityCount: 3 }, false],
  ])('%p → disabled %p', (options, disabled) => {
    expect(isCityDropdownDisabled(options)).toBe(disabled);
  });
  it('locks the chart for city president and convenor only', () => {
    expect(isCityLocked('citypresident')).toBe(true);
    expect(isCityLocked('admin')).toBe(false);
  });
});
