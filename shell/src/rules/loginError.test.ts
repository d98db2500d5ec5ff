import { loginErrorMessage } from './loginError';

describe('login error (docs/product.md#errors)', () => {
  it.each([
    [{ message: 'Account disabled' }, 'Account disabled'],
    [{ message: 'An error occurred' }, 'Invalid email or password'],
    [{ message: '' }, 'Invalid email or password'],
    [undefined, 'Invalid email or password'],
  ])('login error %p → %p', (error, message) => {
    expect(loginErrorMessage(error)).toBe(message);
  });
});
