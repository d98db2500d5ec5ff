import { catalogueProblems, flatten } from 'shared-contracts/testing/catalogues';
import { en } from '../src/i18n/en';
import { hi } from '../src/i18n/hi';
import { translate } from '../src/i18n/index';
import { mr } from '../src/i18n/mr';
import { renderEmail } from '../src/services/outbox/templates';

const CATALOGUES = { en, hi, mr } as const;
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

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

  it('has every key in all three languages', () => {
    const keys = (texts: object) => [...flatten(texts as Record<string, unknown>).keys()].sort();
    expect(keys(hi)).toEqual(keys(en));
    expect(keys(mr)).toEqual(keys(en));
  });

  it.each(Object.keys(CATALOGUES))(
    'each counted text of %s has exactly the plural forms its language uses',
    (language) => {
      const forms = new Map<string, string[]>();
      for (const key of flatten(CATALOGUES[language as keyof typeof CATALOGUES]).keys()) {
        const [, base, form] = PLURAL.exec(key) ?? [];
        if (base && form) forms.set(base, [...(forms.get(base) ?? []), form].sort());
      }
      expect(forms.size).toBeGreaterThan(0);
      const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
      for (const [base, found] of forms) expect({ base, forms: found }).toEqual({ base, forms: categories });
    },
  );

  it('writes a count of 1 and of 2 in the form each language uses', () => {
    const rating = (locale: string, days: number) =>
      renderEmail(
        'ratingRequested',
        locale,
        { ticketId: 7, title: 'Lift', status: 'resolved', days },
        'https://h.example',
      ).text;
    expect(rating('en', 1)).toContain('Please rate the outcome within 1 day:');
    expect(rating('en', 2)).toContain('Please rate the outcome within 2 days:');
    expect(rating('hi', 1)).toContain('कृपया 1 दिन के भीतर');
    expect(rating('hi', 2)).toContain('कृपया 2 दिनों के भीतर');
    expect(rating('mr', 1)).toContain('कृपया 1 दिवसात');
    expect(rating('mr', 2)).toContain('कृपया 2 दिवसांत');

    const month = (locale: string, count: number) =>
      renderEmail(
        'reportMonthly',
        locale,
        {
          name: 'Asha',
          city: 'Pune',
          month: '2026-11',
          received: count,
          resolved: 0,
          rejected: 0,
          open: count,
          backlog: count,
          rank: 1,
          chapters: count,
          index: 80,
        },
        'https://h.example',
      ).text;
    expect(month('en', 1)).toContain('the Pune chapter received 1 ticket: 0 resolved');
    expect(month('en', 1)).toContain('1 open ticket was received more than 21 days');
    expect(month('en', 1)).toContain('rank 1 of 1 chapter, index 80 of 100.');
    expect(month('en', 2)).toContain('the Pune chapter received 2 tickets: 0 resolved');
    expect(month('en', 2)).toContain('2 open tickets were received more than 21 days');
    expect(month('en', 2)).toContain('rank 1 of 2 chapters, index 80 of 100.');
    expect(month('hi', 1)).toContain('1 टिकट मिला:');
    expect(month('hi', 1)).toContain('1 खुला टिकट');
    expect(month('hi', 1)).toContain('1 शाखा में स्थान 1');
    expect(month('hi', 2)).toContain('2 टिकट मिले:');
    expect(month('hi', 2)).toContain('2 खुले टिकट');
    expect(month('hi', 2)).toContain('2 शाखाओं में स्थान 1');
    expect(month('mr', 1)).toContain('1 तिकीट मिळाले:');
    expect(month('mr', 1)).toContain('1 खुले तिकीट');
    expect(month('mr', 1)).toContain('1 शाखेमध्ये क्रमांक 1');
    expect(month('mr', 2)).toContain('2 तिकिटे मिळाली:');
    expect(month('mr', 2)).toContain('2 खुली तिकिटे');
    expect(month('mr', 2)).toContain('2 शाखांमध्ये क्रमांक 1');
  });

  it('fills values as they are: never read as a placeholder or a nested text, a missing one left out', () => {
    const subject = translate('en', 'email.ticketSubmittedStaff.subject', {
      ticketId: '{{city}} $t(email.signature)',
      city: 'Pune',
    });
    expect(subject).toBe('New ticket #{{city}} $t(email.signature) in Pune');
    expect(translate('en', 'email.ticketSubmittedStaff.subject', { ticketId: 5 })).toBe('New ticket #5 in ');
    expect(translate('hi', 'email.ticketSubmittedStaff.subject', { ticketId: 5, city: null })).not.toContain(
      '{{',
    );
  });

  it('refuses a text it does not have, and a group of texts', () => {
    expect(() => translate('en', 'email.noSuchText')).toThrow(
      "No text email.noSuchText in the api's catalogue",
    );
    expect(() => translate('en', 'email.memberLink')).toThrow(/No text email\.memberLink/);
  });
});
