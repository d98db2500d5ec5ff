import type { ApiErrorInfo } from 'shared-contracts';

/** The two sign-in actions an admin takes on a user (ADR 0054). */
export type UserSignInAction = 'resetMfa' | 'endSessions';

/** The api's answer to a reset of a user who never set up a second factor (404). */
export const NO_SECOND_FACTOR = 'This user has no second factor';

/**
 * What a refused action shows: a reset of a user without a second factor is no failure, the
 * admin is told there is nothing to reset; anything else is the api's message.
 */
export function signInActionFailure(
  action: UserSignInAction,
  error: Pick<ApiErrorInfo, 'status' | 'message'>,
): { key: 'userSignIn.noSecondFactor' } | { key: 'userSignIn.failed'; message: string } {
  if (action === 'resetMfa' && error.status === 404 && error.message === NO_SECOND_FACTOR) {
    return { key: 'userSignIn.noSecondFactor' };
  }
  return { key: 'userSignIn.failed', message: error.message };
}
