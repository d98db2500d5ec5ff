import { CsvRecordCounter } from './csvProgress';
import { dayOf, isDay, monthOf, monthRange, presetRange, previousMonth } from './dateRange';
import { filtersOf, paramsOf, queryOf, withCustomDay, withPreset } from './reportFilters';

// A Wednesday in the middle of the third quarter's second month.
const TODAY = new Date(2026, 7, 19, 15, 30);

describe('date range presets (calendar months, quarters and years, both ends included)', () => {
  it.each([
    ['thisMonth', { from: '2026-08-01', to: '2026-08-31' }],
    ['lastMonth', { from: '2026-07-01', to: '2026-07-31' }],
    ['thisQuarter', { from: '2026-07-01', to: '2026-09-30' }],
    ['lastQuarter', { from: '2026-04-01', to: '2026-06-30' }],
    ['thisYear', { from: '2026-01-01', to: '2026-12-31' }],
    ['custom', null],
  ] as const)('%s', (preset, range) => {
    expect(presetRange(preset, TODAY)).toEqual(range);
  });

  it('January: last month and last quarter are in the year before', () => {
    const january = new Date(2027, 0, 10);
    expect(presetRange('lastMonth', january)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('lastQuarter', january)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetRange('thisMonth', new Date(2028, 1, 3))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('days, months', () => {
    expect(dayOf(TODAY)).toBe('2026-08-19');
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('26-02-01')).toBe(false);
    expect(isDay(null)).toBe(false);
    expect(monthOf(TODAY)).toBe('2026-08');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-08')).toBe('2026-07');
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2026-13')).toBeNull();
    expect(monthRange('2026-00')).toBeNull();
    expect(monthRange('May')).toBeNull();
    expect(monthRange(null)).toBeNull();
  });
});

describe('the filters in the address', () => {
  const of = (query: string, locked = false) => filtersOf(new URLSearchParams(query), TODAY, locked);

  it('nothing in the address: this month, every city, committee and status', () => {
    expect(of('')).toEqual({
      preset: 'thisMonth',
      from: '2026-08-01',
      to: '2026-08-31',
      city: null,
      committee: null,
      status: null,
      project: null,
    });
    expect(paramsOf(of('')).toString()).toBe('');
  });

  it('a preset, a city, a committee, a status and a RERA project survive the round trip', () => {
    const filters = of('range=lastQuarter&city=2&committee=3&status=resolved&project=12');
    expect(filters).toEqual({
      preset: 'lastQuarter',
      from: '2026-04-01',
      to: '2026-06-30',
      city: 2,
      committee: 3,
      status: 'resolved',
      project: 12,
    });
    expect(paramsOf(filters).toString()).toBe(
      'range=lastQuarter&city=2&committee=3&status=resolved&project=12',
    );
    expect(queryOf(filters)).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      city: 2,
      committee: 3,
      status: 'resolved',
      projectId: 12,
    });
    expect(of('project=abc').project).toBeNull();
    expect(queryOf(of(''))).toEqual({ from: '2026-08-01', to: '2026-08-31' });
  });

  it('a custom range keeps its days; a broken one falls back to this month', () => {
    const custom = of('range=custom&from=2026-01-05&to=2026-02-10');
    expect(custom).toMatchObject({ preset: 'custom', from: '2026-01-05', to: '2026-02-10' });
    expect(paramsOf(custom).toString()).toBe('range=custom&from=2026-01-05&to=2026-02-10');
    expect(of('range=custom&from=2026-03-05&to=2026-02-10')).toMatchObject({ preset: 'thisMonth' });
    expect(of('range=custom&from=2026-02-31&to=2026-03-10')).toMatchObject({ preset: 'thisMonth' });
    expect(of('range=custom')).toMatchObject({ preset: 'thisMonth', from: '2026-08-01' });
  });

  it('unknown values are no filter; a city role keeps its own city whatever the address says', () => {
    expect(of('range=forever&status=lost&city=Pune&committee=-3')).toMatchObject({
      preset: 'thisMonth',
      status: null,
      city: null,
      committee: null,
    });
    expect(of('city=0').city).toBeNull();
    expect(of('city=99999999999999999999').city).toBeNull();
    expect(of('city=4', true).city).toBeNull();
  });

  it('choosing a preset or a custom day', () => {
    const filters = of('range=lastMonth&city=2');
    expect(withPreset(filters, 'thisYear', TODAY)).toMatchObject({
      preset: 'thisYear',
      from: '2026-01-01',
      to: '2026-12-31',
      city: 2,
    });
    // Custom starts from the days shown.
    expect(withPreset(filters, 'custom', TODAY)).toMatchObject({
      preset: 'custom',
      from: '2026-07-01',
      to: '2026-07-31',
    });
    expect(withCustomDay(filters, 'from', '2026-07-10')).toMatchObject({
      from: '2026-07-10',
      to: '2026-07-31',
    });
    // A start after the end takes the end along, and the other way round.
    expect(withCustomDay(filters, 'from', '2026-08-05')).toMatchObject({
      from: '2026-08-05',
      to: '2026-08-05',
    });
    expect(withCustomDay(filters, 'to', '2026-06-20')).toMatchObject({
      from: '2026-06-20',
      to: '2026-06-20',
    });
  });
});

const encode = (text: string) => new TextEncoder().encode(text);

describe('reading a streamed CSV', () => {
  it('counts records, not lines: a quoted cell may hold line breaks and quotes, across chunks', () => {
    const counter = new CsvRecordCounter();
    counter.add(encode('\uFEFFid,title\n1,"two\nlines'));
    expect(counter.progress().rows).toBe(0);
    counter.add(encode(' and ""quotes"""\n2,plain\n'));
    expect(counter.progress()).toEqual({
      bytes: encode('\uFEFFid,title\n1,"two\nlines and ""quotes"""\n2,plain\n').byteLength,
      rows: 2,
    });
  });

  it('an empty body has no rows', () => {
    expect(new CsvRecordCounter().progress()).toEqual({ bytes: 0, rows: 0 });
  });
});
