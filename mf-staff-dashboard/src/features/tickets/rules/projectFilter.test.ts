import { PROJECT_PARAM, projectFilterOf } from './projectFilter';

describe('the list’s project filter from the address', () => {
  it('is read from ?project=', () => {
    expect(PROJECT_PARAM).toBe('project');
    expect(projectFilterOf(new URLSearchParams('project=12').get(PROJECT_PARAM))).toBe(12);
  });

  it.each([null, '', 'abc', '12abc', '-3', '1.5', '0', '99999999999999999999'])(
    'is no filter for %p',
    (value) => {
      expect(projectFilterOf(value)).toBeNull();
    },
  );
});
