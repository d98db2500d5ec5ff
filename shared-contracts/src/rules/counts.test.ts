import { cityChartCounts } from './cityChartCounts';
import { dashboardCounts } from './dashboardCounts';
import { ticketCity } from './ticketCity';

describe('ticketCity (docs/product.md#data)', () => {
  it.each([
    [{ city: 'Pune' }, 'Pune'],
    [{ city: 'pune', cityData: { name: 'Pune' } }, 'Pune'],
    [{ city: null }, ''],
    [{ city: '  ', cityData: { name: '' } }, ''],
    [{}, ''],
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
  it('counts per city in order of appearance; a ticket without a city has no bar', () => {
    expect(cityChartCounts(tickets)).toEqual([
      { city: 'Pune', total: 4, pending: 2, resolved: 1, rejected: 0 },
      { city: 'Mumbai', total: 1, pending: 0, resolved: 0, rejected: 1 },
    ]);
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
});
