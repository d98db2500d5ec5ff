import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaPolicyQuery, type Role, setMfaPolicy, staffSignInKeys } from 'shared-contracts';

/** GET /admin/mfa-policy: the roles that must use a second factor. */
export function useMfaPolicy() {
  return useQuery(mfaPolicyQuery());
}

/** PUT /admin/mfa-policy as a mutation (ADR 0012); the saved answer becomes the cached policy. */
export function useSaveMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: Role[]) => setMfaPolicy(roles),
    onSuccess: (saved) => queryClient.setQueryData(staffSignInKeys.mfaPolicy(), saved),
  });
}
