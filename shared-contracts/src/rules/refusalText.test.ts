import { i18n } from '../i18n';
import { LAST_WORD_REFUSALS } from '../schemas/lastWord';
import { refusalText } from './refusalText';

const t = i18n.t.bind(i18n);

describe("refusalText: a last word's refusal by its code (docs/architecture.md#the-members-last-word)", () => {
  test.each(Object.entries(LAST_WORD_REFUSALS))(
    'the code of %s picks its catalogue text, whatever the message says',
    (key, code) => {
      const text = refusalText(t, { message: 'Refused', details: [{ code }] });
      expect(text).toBe(t(`common:errors.${key}`));
      expect(text).not.toBe('Refused');
    },
  );

  test('the code also in a single details object', () => {
    expect(refusalText(t, { message: 'Refused', details: { code: 'ALREADY_RATED' } })).toBe(
      'You have already rated this outcome',
    );
  });

  test('an unknown code or none: the message, matched like any error (ADR 0024)', () => {
    expect(refusalText(t, { message: 'Ticket not found', details: [{ code: 'SOMETHING_ELSE' }] })).toBe(
      'Ticket not found',
    );
    expect(refusalText(t, { message: 'A reason is required' })).toBe('A reason is required');
    expect(refusalText(t, { message: 'Not one of ours' })).toBe('Not one of ours');
    expect(refusalText(t, null)).toBe('');
  });
});
