import { catalogueProblems } from 'shared-contracts/testing/catalogues';
import { publicIntakeEn } from './en';
import { publicIntakeHi } from './hi';
import { publicIntakeMr } from './mr';

describe('the publicIntake catalogues (issue 20)', () => {
  it.each([
    ['hi', publicIntakeHi],
    ['mr', publicIntakeMr],
  ])(
    '%s has every English key, no empty text, the same placeholders and no English left',
    (_language, texts) => {
      expect(catalogueProblems(publicIntakeEn, texts)).toEqual([]);
    },
  );
});
