import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  type AppealDecisionRequest,
  type AppealListQuery,
  type AppealResponse,
  appealsQuery,
  lastWordKeys,
  postAppealDecision,
  ticketKeys,
} from 'shared-contracts';

/** GET /appeals for the association president: one state (open or decided), one page. */
export function useAppeals(query: AppealListQuery) {
  // The page shown stays while the next one loads, so the list does not jump.
  return useQuery({ ...appealsQuery(query), placeholderData: keepPreviousData });
}

/**
 * POST /appeals/{id}/decision (docs/architecture.md#the-members-last-word). A decision changes the
 * appeal lists (open → decided) and the ticket (remand sends it back to the city president; uphold
 * and dismiss close the case): both are invalidated, never patched by hand (ADR 0012).
 */
export function useAppealDecision() {
  const queryClient = useQueryClient();
  return useMutation<AppealResponse, ApiError, { appealId: number; body: AppealDecisionRequest }>({
    mutationFn: ({ appealId, body }) => postAppealDecision(appealId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lastWordKeys.appeals }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
      ]),
  });
}
