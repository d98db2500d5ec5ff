import { catalogueProblems } from 'shared-contracts/testing/catalogues';
import { shellEn } from './en';
import { shellHi } from './hi';
import { shellMr } from './mr';

describe('the shell catalogues (issue 20)', () => {
  it.each([
    ['hi', shellHi],
    ['mr', shellMr],
  ])(
    '%s has every English key, no empty text, the same placeholders and no English left',
    (_language, texts) => {
      expect(catalogueProblems(shellEn, texts)).toEqual([]);
    },
  );
});
