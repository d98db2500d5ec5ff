import { apiTokenIdOf, detailText, EMPTY_FILTER, filterOf } from './auditLabels';

describe('filterOf: the filter form as the audit call filter', () => {
  test('an empty form filters nothing', () => {
    expect(filterOf(EMPTY_FILTER)).toEqual({});
  });

  test('ids are read as positive whole numbers, with or without a leading #', () => {
    expect(filterOf({ ...EMPTY_FILTER, actor: ' 7 ', ticket: '#42', user: '3' })).toEqual({
      actor: 7,
      ticket: 42,
      user: 3,
    });
  });

  test('what is not an id filters nothing rather than everything', () => {
    expect(filterOf({ ...EMPTY_FILTER, actor: 'abc', ticket: '0', user: '2.5' })).toEqual({});
  });

  test('the action and the days are passed as they are', () => {
    expect(
      filterOf({ ...EMPTY_FILTER, action: 'share_key.rotate', from: '2026-11-01', to: '2026-11-30' }),
    ).toEqual({ action: 'share_key.rotate', from: '2026-11-01', to: '2026-11-30' });
  });
});

describe('detailText: an entry detail in a line', () => {
  test('no detail is an empty text', () => {
    expect(detailText({ detail: null })).toBe('');
  });

  test('names and values, lists joined, empty values left out', () => {
    expect(
      detailText({ detail: JSON.stringify({ fields: ['name', 'city'], status: 'approved', note: null }) }),
    ).toBe('fields: name, city; status: approved');
  });

  test('a detail that is not JSON is shown as it is', () => {
    expect(detailText({ detail: 'plain words' })).toBe('plain words');
  });
});

describe('filterOf: a ticket id as the dashboard shows it', () => {
  test.each([
    ['41', 41],
    ['#41', 41],
    ['CREDAI-41', 41],
    ['-3', undefined],
    ['99999999999', undefined],
  ])('reads %j as %j', (typed, id) => {
    expect(filterOf({ ...EMPTY_FILTER, ticket: typed }).ticket).toBe(id);
  });
});

describe('apiTokenIdOf: the API token an actor key names', () => {
  test.each([
    ['api_token:12', '12'],
    ['share:4:ab12', undefined],
    ['api_token:', undefined],
    [null, undefined],
  ])('reads %j as %j', (key, id) => {
    expect(apiTokenIdOf(key)).toBe(id);
  });
});
