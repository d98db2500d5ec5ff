import { filingCities, mayFileForMember, mayKeepCannedAnswers } from './deskToolAccess';

const cities = [
  { id: 1, name: 'Pune' },
  { id: 2, name: 'Mumbai' },
];

describe('who uses the desk tools (ADR 0065, ADR 0066)', () => {
  it.each([
    ['admin', true, true],
    ['CityPresident', true, true],
    ['convenor', true, false],
    ['observer', true, false],
    ['credaipresident', false, false],
    ['governor', false, false],
    [null, false, false],
  ])('%p files: %p, keeps canned answers: %p', (role, files, keeps) => {
    expect(mayFileForMember(role)).toBe(files);
    expect(mayKeepCannedAnswers(role)).toBe(keeps);
  });

  it("offers admins every city and a chapter's office bearers their own", () => {
    expect(filingCities('admin', null, cities)).toEqual(cities);
    expect(filingCities('convenor', ' pune ', cities)).toEqual([{ id: 1, name: 'Pune' }]);
    expect(filingCities('citypresident', null, cities)).toEqual([]);
  });
});
