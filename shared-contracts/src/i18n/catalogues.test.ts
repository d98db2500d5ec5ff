import { catalogueProblems, englishLeft } from '../../testing/catalogues';
import { commonEn } from './common.en';
import { commonHi } from './common.hi';
import { commonMr } from './common.mr';
import { COMMON_CATALOGUES } from './commonCatalogues';

describe('the common catalogues (issue 20)', () => {
  it.each([
    ['hi', commonHi],
    ['mr', commonMr],
  ])(
    '%s has every English key, no empty text, the same placeholders and no English left',
    (_language, texts) => {
      expect(catalogueProblems(commonEn, texts)).toEqual([]);
    },
  );
  it('the check finds what is wrong', () => {
    expect(
      catalogueProblems(
        { a: 'One {{x}}', b: { c: 'Two' }, d: 'Three' },
        { a: 'एक {{y}}', b: { c: '' }, e: 'पाँच', d: 'Three' },
      ),
    ).toEqual(['placeholders of a: y for x', 'empty b.c', 'English left in d: Three', 'unknown e']);
    expect(englishLeft('फ़ाइल PDF ({{size}} MB) aap@udaharan.com')).toEqual([]);
  });
});

describe('COMMON_CATALOGUES (the api writes pages in every language, ADR 0035)', () => {
  it('holds each language under its code', () => {
    expect(COMMON_CATALOGUES).toEqual({ en: commonEn, hi: commonHi, mr: commonMr });
  });
});
