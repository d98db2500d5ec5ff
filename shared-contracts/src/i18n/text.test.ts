import i18next from 'i18next';
import { loginRequestSchema } from '../schemas/auth';
import { ticketReplyRequestSchema } from '../schemas/conversation';
import { ticketSubmitSchema } from '../schemas/tickets';
import { userCreateSchema, userUpdateSchema } from '../schemas/users';
import { i18n } from '.';
import { commonEn } from './common.en';
import { commonText, english, errorCode, errorMessage, errorText, MESSAGES, say } from './text';

const t = i18n.t.bind(i18n);

describe('rules return keys, components say them (ADR 0014)', () => {
  it('a Text reads the same through i18next and without it', () => {
    const text = commonText('pagination.ticketRangeAtLeast', { from: 1, to: 10, total: 1000 });
    expect(say(t, text)).toBe('Showing 1 to 10 of 1,000+ entries');
    expect(english(text)).toBe('Showing 1 to 10 of 1,000+ entries');
  });
  it('english refuses a key the catalogue does not have', () => {
    expect(() => english(commonText('nothing.here'))).toThrow('No text common:nothing.here');
  });
});

describe('error texts by code (ADR 0024)', () => {
  it('MESSAGES is the English table', () => {
    expect(MESSAGES.noResponse).toBe('No response from server. Please check your internet connection.');
    expect(errorMessage('mobileDigits', { digits: 10 })).toBe('Mobile number must be 10 digits');
  });
  it('finds the code and the values of a filled text', () => {
    expect(errorCode('File size (25.50 MB) exceeds the maximum limit of 20MB')).toEqual({
      code: 'fileTooLarge',
      values: { size: '25.50', max: '20' },
    });
    expect(errorCode(' Invalid email or password ')).toEqual({ code: 'invalidCredentials', values: {} });
    expect(errorCode('Account disabled')).toBeNull();
    expect(errorCode('')).toBeNull();
    expect(errorCode(undefined)).toBeNull();
  });
  it('shows a known text by its code, a nested one too, an unknown one as it came', () => {
    const other = i18next.createInstance();
    void other.init({
      lng: 'xx',
      initAsync: false,
      interpolation: { escapeValue: false },
      resources: {
        xx: {
          common: {
            errors: { actionFailed: 'XX {{message}}', stale: 'XX stale', genericError: 'XX generic' },
          },
        },
      },
    });
    const tx = other.t.bind(other);
    expect(
      errorText(
        tx,
        'Failed to update ticket: This ticket was changed by someone else. Reload it and try again.',
      ),
    ).toBe('XX XX stale');
    expect(errorText(tx, { message: 'whatever the server said', code: 'genericError' })).toBe('XX generic');
    expect(errorText(tx, { message: 'Account disabled', code: 'no-such-code' })).toBe('Account disabled');
    expect(errorText(tx, null)).toBe('');
    expect(errorText(t, 'Mobile number must be 10 digits')).toBe('Mobile number must be 10 digits');
  });
  it('every message the shared form schemas give has a code', () => {
    const messages = new Set<string>();
    const collect = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
      for (const issue of result.error?.issues ?? []) messages.add(issue.message);
    };
    const bad = ['', '   ', 'x'.repeat(20_000), 'a\u0000b', 'Ab\u202eC', '12345', 'not an email', 'x'];
    for (const value of bad) {
      collect(
        ticketSubmitSchema.safeParse({
          fullName: value,
          cityId: value,
          mobile: value,
          committeeId: value,
          email: value,
          description: value,
          city: value,
          committee: value,
          cityPresident: value,
        }),
      );
      const user = {
        fullName: value,
        email: value,
        mobile: value,
        city: value,
        committee: value,
        role: value,
      };
      collect(userCreateSchema.safeParse({ ...user, password: value }));
      collect(userUpdateSchema.safeParse({ ...user, password: value }));
      collect(loginRequestSchema.safeParse({ email: value, password: value }));
      collect(ticketReplyRequestSchema.safeParse({ text: value }));
    }
    collect(ticketSubmitSchema.safeParse({ description: Array(501).fill('word').join(' ') }));
    expect(messages.size).toBeGreaterThan(10);
    expect([...messages].filter((message) => errorCode(message) === null)).toEqual([]);
  });
  it('has no code twice for one text', () => {
    const texts = Object.values(commonEn.errors);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
