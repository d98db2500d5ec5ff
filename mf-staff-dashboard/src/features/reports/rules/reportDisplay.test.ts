import { i18n, say } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { drillAddress, leagueMonths, movementOf, movementText } from './leagueRules';
import { reportAccess } from './reportAccess';
import { durationText, intervalFor, ratingText, shareText, sizeText } from './reportNumbers';

const t = i18n.getFixedT('en', STAFF_DASHBOARD_NS);

describe('who sees the reports (docs/product.md#reports)', () => {
  it.each([
    ['admin', 'all'],
    ['CredaiPresident', 'all'],
    ['citypresident', 'city'],
    ['convenor', 'city'],
    ['observer', 'city'],
    ['governor', 'none'],
    ['customer', 'none'],
    [null, 'none'],
  ])('%s: %s', (role, access) => {
    expect(reportAccess(role)).toBe(access);
  });
});

describe("the report's numbers", () => {
  it.each([
    [null, 'no data'],
    [0, '0 h'],
    [5.25, '5.3 h'],
    [47.9, '47.9 h'],
    [48, '2 days'],
    [100, '4.2 days'],
  ])('duration %p hours → %p', (hours, text) => {
    expect(say(t, durationText(hours))).toBe(text);
  });

  it('shares, ratings, sizes', () => {
    expect(shareText(0.834)).toBe('83%');
    expect(shareText(null)).toBe('–');
    expect(ratingText(4)).toBe('4.0');
    expect(ratingText(null)).toBe('–');
    expect(sizeText(2048)).toBe('2 kB');
    expect(sizeText(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });

  it.each([
    ['2026-08-01', '2026-08-31', 'day'],
    ['2026-07-01', '2026-08-14', 'day'],
    ['2026-07-01', '2026-09-30', 'week'],
    ['2026-01-01', '2026-12-31', 'month'],
  ])('%s to %s is drawn per %s', (from, to, interval) => {
    expect(intervalFor(from, to)).toBe(interval);
  });
});

describe('the league table', () => {
  it.each([
    [1, 3, 'up', 2, 'up 2 places'],
    [2, 3, 'up', 1, 'up 1 place'],
    [5, 4, 'down', 1, 'down 1 place'],
    [4, 4, 'same', 0, 'same place'],
    [2, null, 'new', 0, 'new this month'],
    [null, 2, 'unranked', 0, 'not ranked'],
  ] as const)('rank %p after %p: %s', (rank, previous, movement, places, text) => {
    expect(movementOf(rank, previous)).toEqual({ movement, places });
    expect(say(t, movementText(rank, previous))).toBe(text);
  });

  it('offers the current month and the ones before it', () => {
    expect(leagueMonths(new Date(2026, 1, 10), 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it("drills into the chapter's reports over the league's month", () => {
    const today = new Date(2026, 10, 27);
    expect(drillAddress('2026-11', 3, today)).toBe('/reports?city=3');
    expect(drillAddress('2026-10', 3, today)).toBe('/reports?range=lastMonth&city=3');
    expect(drillAddress('2026-02', 3, today)).toBe(
      '/reports?range=custom&from=2026-02-01&to=2026-02-28&city=3',
    );
    expect(drillAddress('not a month', 3, today)).toBe(
      '/reports?range=custom&from=2026-11-01&to=2026-11-30&city=3',
    );
  });
});
