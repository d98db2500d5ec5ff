import { catalogueProblems } from 'shared-contracts/testing/catalogues';
import { en } from '../src/i18n/en';
import { hi } from '../src/i18n/hi';
import { translate } from '../src/i18n/index';
import { mr } from '../src/i18n/mr';

describe("the api's message catalogues (issue 20)", () => {
  it.each([
    ['hi', hi],
    ['mr', mr],
  ])('%s has every English text, the same placeholders and no English left', (_language, texts) => {
    expect(catalogueProblems(en, texts)).toEqual([]);
  });
  it('a message renders in the language it is written for, English for any other', () => {
    const status = (locale: string) => translate(locale, 'status.resolved');
    const subject = (locale: string) =>
      translate(locale, 'email.ticketStatusChanged.subject', { ticketId: 42, statusLabel: status(locale) });
    expect(subject('mr')).toBe('तुमचे तिकीट #42 आता निकाली आहे');
    expect(subject('hi')).toBe('आपका टिकट #42 अब हल हो गया है');
    expect(subject('en')).toBe('Your ticket #42 is now resolved');
    expect(subject('fr')).toBe('Your ticket #42 is now resolved');
  });
});
