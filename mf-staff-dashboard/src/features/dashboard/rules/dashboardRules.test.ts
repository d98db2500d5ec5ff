import { cityChartCounts, i18n } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { chartRowsForCity } from './chartRows';
import { chartTitle } from './chartTitle';
import { CITY_DROPDOWN_TEXTS, isCityDropdownDisabled, isCityLocked } from './cityDropdown';
import { dashboardTitle } from './dashboardTitle';
import { RING_COLOR_VALUES, ringColor } from './ringColor';
import { roleDescription } from './roleDescription';
import { sharePercentage } from './sharePercentage';
import { STAT_CARDS } from './statCards';

/** The English text of a catalogue key, as the components show it. */
const t = i18n.getFixedT('en', STAFF_DASHBOARD_NS);

describe('sharePercentage (docs/product.md#dashboard)', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [10, 10, 100],
  ])('%p of %p → %p', (count, total, percent) => {
    expect(sharePercentage(count, total)).toBe(percent);
  });
});

describe('ringColor (docs/product.md#dashboard)', () => {
  it.each([
    [0, 'red-orange'],
    [29, 'red-orange'],
    [30, 'yellow'],
    [69, 'yellow'],
    [70, 'green'],
    [100, 'green'],
  ])('%p → %p', (percent, color) => {
    expect(ringColor(percent)).toBe(color);
    expect(RING_COLOR_VALUES[ringColor(percent)]).toBeTruthy();
  });
});

describe('the city chart (docs/product.md#dashboard)', () => {
  const tickets = [
    { status: 'pending', city: 'Pune' },
    { status: 'in-review', city: 'Pune' },
    { status: 'Approved', city: 'Pune' },
    { status: 'Resolved', city: 'Pune' },
    { status: 'rejected', city: 'Mumbai' },
    { status: '', city: null },
  ];
  it('selects one city, or all when none is chosen', () => {
    const rows = cityChartCounts(tickets);
    expect(chartRowsForCity(rows, 'pune')).toHaveLength(1);
    expect(chartRowsForCity(rows, null)).toHaveLength(2);
    expect(chartRowsForCity(rows, 'Nagpur')).toEqual([]);
  });
  it('empty message', () => {
    expect(t('chart.emptyCity', { city: 'Nagpur' })).toBe('No ticket data available for Nagpur');
  });
});

describe('the stat cards (docs/product.md#dashboard)', () => {
  it('card titles', () => {
    expect(STAT_CARDS.map((card) => t(card.title))).toEqual([
      'Total Tickets',
      'In Review Tickets',
      'Resolved Tickets',
      'Rejected Tickets',
    ]);
  });
});

describe('dashboardTitle (docs/product.md#dashboard)', () => {
  it.each([
    ['admin', 'Admin Dashboard'],
    ['CityPresident', 'City President Dashboard'],
    ['credaipresident', 'Credai President Dashboard'],
    ['convenor', 'Convenor Dashboard'],
    ['observer', 'Office Bearer Dashboard'],
    ['governor', 'Help Desk'],
    [null, 'Help Desk'],
  ])('%p → %p', (role, title) => {
    expect(t(dashboardTitle(role))).toBe(title);
  });
});

describe('chartTitle (docs/product.md#dashboard)', () => {
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
    expect(t(chartTitle(role))).toBe(title);
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
    const key = roleDescription(role);
    expect(key === null ? null : t(key)).toBe(text);
  });
});

describe('city dropdown (docs/product.md#dashboard)', () => {
  it('texts', () => {
    expect({
      search: t(CITY_DROPDOWN_TEXTS.search),
      empty: t(CITY_DROPDOWN_TEXTS.empty),
      loading: t(CITY_DROPDOWN_TEXTS.loading),
    }).toEqual({
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
