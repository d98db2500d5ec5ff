/**
 * Where a user goes whose role must use a second factor and who has not set one up yet (the
 * sign-in answer's `mfaEnrolmentRequired`, ADR 0054): the security section of /profile, told why
 * through the router state, instead of their usual landing route.
 */
export const MFA_ENROLMENT_ROUTE = '/profile';

/** The router state the sign-in screen sends along to the enrolment screen. */
export interface MfaEnrolmentState {
  mfaEnrolment: true;
}

export const MFA_ENROLMENT_STATE: MfaEnrolmentState = { mfaEnrolment: true };

/** The screen was opened by a sign-in that must set up a second factor first. */
export function sentToEnrol(state: unknown): boolean {
  return (state as Partial<MfaEnrolmentState> | null | undefined)?.mfaEnrolment === true;
}
