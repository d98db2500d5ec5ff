import { useMutation } from '@tanstack/react-query';
import { endUserSessions, resetUserMfa } from 'shared-contracts';

/** DELETE /admin/users/{id}/mfa as a mutation (ADR 0012): the user sets up their second factor again. */
export function useResetUserMfa() {
  return useMutation({ mutationFn: (id: number) => resetUserMfa(id) });
}

/** DELETE /admin/users/{id}/sessions as a mutation: how many sessions were ended. */
export function useEndUserSessions() {
  return useMutation({ mutationFn: (id: number) => endUserSessions(id) });
}
