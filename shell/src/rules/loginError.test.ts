import { errorText, i18n } from 'shared-contracts';
import { loginError } from './loginError';

describe('login error (docs/product.md#errors)', () => {
  it.each([
    [{ message: 'Account disabled' }, 'Account disabled'],
    [{ message: 'An error occurred' }, 'Invalid email or password'],
    [{ message: '' }, 'Invalid email or password'],
    [undefined, 'Invalid email or password'],
  ])('login error %p → %p', (error, message) => {
    expect(errorText(i18n.t, loginError(error))).toBe(message);
  });
  it('falls back by its code', () => {
    expect(loginError(undefined).code).toBe('invalidCredentials');
  });
});
