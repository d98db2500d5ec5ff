import {
  cityFilterOptions,
  filterTickets,
  matchesCity,
  matchesDay,
  matchesSearch,
  matchesStatus,
} from './ticketFilters';
import { ticketListingPlan } from './ticketListing';

describe('ticketListingPlan (docs/product.md#ticket-listing-by-role)', () => {
  it.each([
    ['admin', 'all', 'all', null],
    ['credaipresident', 'resolved', 'all', null],
    ['citypresident', 'all', 'cityPresidentPending', 'all'],
    ['citypresident', 'in-review', 'cityPresidentPending', 'all'],
    ['CityPresident', 'approved', 'cityPresidentAll', 'all'],
    ['convenor', 'all', 'convenorAssigned', 'all'],
    ['observer', undefined, 'observerAssigned', 'all'],
    ['observer', 'In-Review', 'observerAssigned', 'all'],
    ['observer', 'approved', 'supplied', 'all'],
    ['observer', 'resolved', 'supplied', 'all'],
    ['observer', 'rejected', 'supplied', 'all'],
    ['observer', 'pending', 'observerAll', 'all'],
    ['governor', 'all', 'governorPending', null],
    ['customer', 'all', 'userOwn', null],
    [null, 'all', 'userOwn', null],
    ['wizard', 'all', 'all', null],
  ])('%p with filter %p → %p, fallback %p', (role, filter, source, fallback) => {
    const plan = ticketListingPlan(role, filter);
    expect(plan.source).toBe(source);
    expect(plan.fallback).toBe(fallback);
  });
  it('flags: city locked, city from the answer, user needed, local status', () => {
    expect(ticketListingPlan('citypresident').cityLocked).toBe(true);
    expect(ticketListingPlan('convenor').cityFromResponse).toBe(true);
    expect(ticketListingPlan('customer').needsUser).toBe(true);
    expect(ticketListingPlan('observer', 'Rejected').localStatus).toBe('rejected');
    expect(ticketListingPlan('admin')).toMatchObject({
      cityLocked: false,
      cityFromResponse: false,
      needsUser: false,
    });
  });
});

describe('list panel filters (docs/product.md#screens)', () => {
  const day = (d: number) => new Date(2026, 0, d, 10).toISOString();
  const tickets = [
    {
      id: 1,
      title: 'Lift broken',
      status: 'pending',
      city: 'Pune',
      createdAt: day(5),
      customer: { fullName: 'Ravi' },
    },
    {
      id: 2,
      title: 'Water',
      status: 'Approved',
      city: 'Mumbai',
      createdAt: day(6),
      customer: { fullName: 'Asha' },
    },
    { id: 3, title: 'Noise', status: 'resolved', city: null, createdAt: day(6), customer: null },
  ];
  const ids = (filter: Parameters<typeof filterTickets>[1]) =>
    filterTickets(tickets, filter).map((t) => t.id);
  it.each([
    [{}, [1, 2, 3]],
    [{ status: 'all' }, [1, 2, 3]],
    [{ status: 'approved' }, [2]],
    [{ q: 'LIFT' }, [1]],
    [{ q: 'asha' }, [2]],
    [{ q: '  ' }, [1, 2, 3]],
    [{ q: 'zzz' }, []],
    [{ city: 'pune' }, [1]],
    [{ city: 'Unknown' }, [3]],
    [{ date: '2026-01-06' }, [2, 3]],
    [{ status: 'resolved', date: '2026-01-06' }, [3]],
  ])('%p → %p', (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });
  it('search treats missing title and customer as empty', () => {
    expect(matchesSearch({}, 'x')).toBe(false);
  });
  it('each filter alone', () => {
    expect(matchesStatus({ status: 'In-Review' }, 'in-review')).toBe(true);
    expect(matchesStatus({ status: 'pending' }, 'ALL')).toBe(true);
    expect(matchesCity({ cityData: { name: 'Pune' } }, ' PUNE ')).toBe(true);
    expect(matchesDay({ createdAt: null }, '2026-01-06')).toBe(false);
  });
  it('city options from the loaded tickets', () => {
    expect(cityFilterOptions(tickets)).toEqual(['Mumbai', 'Pune', 'Unknown']);
  });
});
