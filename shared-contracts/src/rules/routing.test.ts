import { creationDay, dayRange, toIsoDay } from './dateRange';
import {
  accessKeyFromHash,
  decodeRouteId,
  encodeRouteId,
  parseTicketRouteId,
  parseUserRouteId,
} from './routeId';

describe('route ids (docs/product.md#validation: plain or url-safe encoded number)', () => {
  it.each([
    ['42', 42],
    [' 7 ', 7],
    ['007', 7],
    [encodeRouteId(42), 42],
    [encodeRouteId(2_147_483_647), 2_147_483_647],
    ['NDI', 42],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['YWJj', null],
    ['!!', null],
    ['A', null],
    ['99999999999', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('decodeRouteId(%p) → %p', (segment, id) => {
    expect(decodeRouteId(segment)).toBe(id);
  });
  it('encodes url-safely, never as plain digits', () => {
    for (const id of [1, 9, 10, 99, 12345, 999_999_999]) {
      const encoded = encodeRouteId(id);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(encoded).not.toMatch(/^\d+$/);
      expect(decodeRouteId(encoded)).toBe(id);
    }
  });
  it.each([
    ['12', { ok: true, id: 12 }],
    ['bad', { ok: false, error: 'Invalid ticket ID. Please try again.' }],
  ])('ticket route %p → %p', (segment, result) => {
    expect(parseTicketRouteId(segment)).toEqual(result);
  });
  it.each([
    ['MzM', { ok: true, id: 33 }],
    ['x', { ok: false, error: 'Invalid user ID. Please try again.' }],
  ])('user route %p → %p', (segment, result) => {
    expect(parseUserRouteId(segment)).toEqual(result);
  });
  it.each([
    ['#key=abc_DEF-1', 'abc_DEF-1'],
    ['key=abc', 'abc'],
    ['#other=1&key=k', 'k'],
    ['#key=', null],
    ['', null],
    [null, null],
  ])('access key from %p → %p', (hash, key) => {
    expect(accessKeyFromHash(hash)).toBe(key);
  });
});

describe('dates (docs/product.md#calls: end date is the day after the start date)', () => {
  it.each([
    ['2026-01-15', '2026-01-16'],
    ['2026-01-31', '2026-02-01'],
    ['2024-02-28', '2024-02-29'],
    ['2026-12-31', '2027-01-01'],
  ])('%p → [%p, next)', (day, next) => {
    expect(dayRange(day)).toEqual({ startDate: day, endDate: next });
  });
  it('local day of a time', () => {
    expect(toIsoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    const time = new Date(2026, 5, 9, 12).toISOString();
    expect(creationDay(time)).toBe('2026-06-09');
    expect(creationDay('not a time')).toBeNull();
    expect(creationDay(null)).toBeNull();
  });
});
