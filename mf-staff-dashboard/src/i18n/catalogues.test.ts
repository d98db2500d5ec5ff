import { catalogueProblems } from 'shared-contracts/testing/catalogues';
import { staffDashboardEn } from './en';
import { staffDashboardHi } from './hi';
import { staffDashboardMr } from './mr';

describe('the staffDashboard catalogues (issue 20)', () => {
  it.each([
    ['hi', staffDashboardHi],
    ['mr', staffDashboardMr],
  ])(
    '%s has every English key, no empty text, the same placeholders and no English left',
    (_language, texts) => {
      expect(catalogueProblems(staffDashboardEn, texts)).toEqual([]);
    },
  );
});
