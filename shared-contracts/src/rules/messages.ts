/**
 * Every error and status text of docs/product.md#validation and docs/product.md#errors that more than one place shows, copied exactly.
 * Screen-specific labels live in each app's catalogue; these are the ones rules and the client return.
 */
export const MESSAGES = {
  genericError: 'An error occurred',
  noResponse: 'No response from server. Please check your internet connection.',
  requestSetup: 'Error setting up request',
  invalidResponse: 'Invalid response from server',
  invalidResponseFormat: 'Invalid response format from server',
  invalidCredentials: 'Invalid email or password',
  unauthorizedRole: 'Unauthorized role',
  userNotFound: 'User not found',
  invalidTicketId: 'Invalid ticket ID. Please try again.',
  invalidUserId: 'Invalid user ID. Please try again.',
  submitFailed: 'An error occurred while submitting your ticket. Please try again.',
  noTicketIdInAnswer: 'Could not determine ticket ID from server response.',
  selectCityAndCommittee: 'Please select both a city and a committee',
  committeesFallback: 'Using default committee list. API data unavailable.',
  committeesFailed: 'Using default committee list. Failed to load from server.',
  citiesFallback: 'Using default city list. API data unavailable.',
  citiesFailed: 'Using default city list. Failed to load from server.',
} as const;

/** The toast of a failed ticket action (docs/product.md#errors). */
export function actionFailedMessage(message: string): string {
  return `Failed to update ticket: ${message}`;
}
