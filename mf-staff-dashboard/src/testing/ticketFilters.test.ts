import {
  creationDay,
  filterTickets,
  matchesCity,
  matchesDay,
  matchesSearch,
  matchesStatus,
  toIsoDay,
} from './ticketFilters';

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
    // A ticket without a city matches no city, as in the api (its city filter is by name).
    [{ city: 'Unknown' }, []],
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
});

describe('creation days', () => {
  it('local day of a time', () => {
    expect(toIsoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    const time = new Date(2026, 5, 9, 12).toISOString();
    expect(creationDay(time)).toBe('2026-06-09');
    expect(creationDay('not a time')).toBeNull();
    expect(creationDay(null)).toBeNull();
  });
});
