import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  confirmMfa,
  endSession,
  enrollMfa,
  type MfaConfirmResponse,
  type MfaEnrollResponse,
  mfaStatusQuery,
  sessionsQuery,
  staffSignInKeys,
} from 'shared-contracts';

/** GET /auth/sessions: my live sessions. */
export function useMySessions() {
  return useQuery({ ...sessionsQuery(), staleTime: 0 });
}

/** DELETE /auth/sessions/{id}: the list is read again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, number>({
    mutationFn: (id) => endSession(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffSignInKeys.sessions() }),
  });
}

/** GET /auth/mfa: my second factor. */
export function useMfaStatus() {
  return useQuery({ ...mfaStatusQuery(), staleTime: 0 });
}

/** POST /auth/mfa/enroll. */
export function useEnrollMfa() {
  return useMutation<MfaEnrollResponse, ApiError, void>({ mutationFn: () => enrollMfa() });
}

/** POST /auth/mfa/confirm: the status is read again. */
export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useMutation<MfaConfirmResponse, ApiError, string>({
    mutationFn: (code) => confirmMfa(code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffSignInKeys.mfa() }),
  });
}
