import { chartRowsForCity, cityChartCounts, emptyChartMessage } from './cityChartCounts';
import { dashboardCounts, STAT_CARDS } from './dashboardCounts';
import { RING_COLOR_VALUES, ringColor } from './ringColor';
import { sharePercentage } from './sharePercentage';
import { ticketCity } from './ticketCity';

describe('sharePercentage (docs/product.md#screens)', () => {
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

describe('ringColor (docs/product.md#screens)', () => {
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

describe('ticketCity (docs/product.md#data)', () => {
  it.each([
    [{ city: 'Pune' }, 'Pune'],
    [{ city: 'pune', cityData: { name: 'Pune' } }, 'Pune'],
    [{ city: null }, 'Unknown'],
    [{ city: '  ', cityData: { name: '' } }, 'Unknown'],
    [{}, 'Unknown'],
  ])('%p → %p', (ticket, city) => {
    expect(ticketCity(ticket)).toBe(city);
  });
});

describe('cityChartCounts (docs/product.md#ticket-states: pending and in-review count as pending)', () => {
  const tickets = [
    { status: 'pending', city: 'Pune' },
    { status: 'in-review', city: 'Pune' },
    { status: 'Approved', city: 'Pune' },
    { status: 'Resolved', city: 'Pune' },
    { status: 'rejected', city: 'Mumbai' },
    { status: '', city: null },
  ];
  it('counts per city in order of appearance', () => {
    expect(cityChartCounts(tickets)).toEqual([
      { city: 'Pune', total: 4, pending: 2, resolved: 1, rejected: 0 },
      { city: 'Mumbai', total: 1, pending: 0, resolved: 0, rejected: 1 },
      { city: 'Unknown', total: 1, pending: 1, resolved: 0, rejected: 0 },
    ]);
  });
  it('selects one city, or all when none is chosen', () => {
    const rows = cityChartCounts(tickets);
    expect(chartRowsForCity(rows, 'pune')).toHaveLength(1);
    expect(chartRowsForCity(rows, null)).toHaveLength(3);
    expect(chartRowsForCity(rows, 'Nagpur')).toEqual([]);
  });
  it('empty message', () => {
    expect(emptyChartMessage('Nagpur')).toBe('No ticket data available for Nagpur');
  });
});

describe('dashboardCounts (docs/product.md#ticket-states: In Review counts only the exact in-review)', () => {
  it('counts the four cards', () => {
    expect(
      dashboardCounts([
        { status: 'in-review' },
        { status: 'In-Review' },
        { status: 'approved' },
        { status: 'Resolved' },
        { status: 'resolved' },
        { status: 'Rejected' },
        { status: null },
      ]),
    ).toEqual({ total: 7, inReview: 1, resolved: 2, rejected: 1 });
  });
  it('card titles', () => {
    expect(STAT_CARDS.map((card) => card.title)).toEqual([
      'Total Tickets',
      'In Review Tickets',
      'Resolved Tickets',
      'Rejected Tickets',
    ]);
  });
});
