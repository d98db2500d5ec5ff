import { MESSAGES } from 'shared-contracts';

/** docs/product.md#errors login failure: the error message, falling back to 'Invalid email or password'. */
export function loginErrorMessage(error: { message?: string | null } | null | undefined): string {
  const message = error?.message?.trim();
  return message && message !== MESSAGES.genericError ? message : MESSAGES.invalidCredentials;
}
