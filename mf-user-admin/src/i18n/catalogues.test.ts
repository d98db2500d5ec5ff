import { catalogueProblems } from 'shared-contracts/testing/catalogues';
import { userAdminEn } from './en';
import { userAdminHi } from './hi';
import { userAdminMr } from './mr';

describe('the userAdmin catalogues (issue 20)', () => {
  it.each([
    ['hi', userAdminHi],
    ['mr', userAdminMr],
  ])(
    '%s has every English key, no empty text, the same placeholders and no English left',
    (_language, texts) => {
      expect(catalogueProblems(userAdminEn, texts)).toEqual([]);
    },
  );
});
