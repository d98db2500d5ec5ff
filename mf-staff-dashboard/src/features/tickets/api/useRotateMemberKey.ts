import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys, rotateMemberKey } from 'shared-contracts';

/**
 * A new key for the member's private list (docs/security.md "Links"): the old link stops at once
 * and the new one goes to the member by email only. The audit trail changes with it.
 */
export function useRotateMemberKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => rotateMemberKey(memberId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
