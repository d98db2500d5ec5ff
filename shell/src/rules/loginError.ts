import { type ErrorCode, MESSAGES } from 'shared-contracts';

/**
 * docs/product.md#errors login failure: the server's error, falling back to 'Invalid email or
 * password' (by its code: the page shows it in its language, ADR 0024).
 */
export function loginError(error: { message?: string | null } | null | undefined): {
  message: string;
  code?: ErrorCode;
} {
  const message = error?.message?.trim();
  return message && message !== MESSAGES.genericError
    ? { message }
    : { message: MESSAGES.invalidCredentials, code: 'invalidCredentials' };
}
