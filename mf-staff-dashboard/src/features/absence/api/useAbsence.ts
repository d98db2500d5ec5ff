import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AbsenceRequest,
  type AbsenceResponse,
  type ApiError,
  absenceQuery,
  clearMyAbsence,
  setMyAbsence,
  slaKeys,
  standInsQuery,
} from 'shared-contracts';

/** GET /users/me/absence: the caller's absence, or null. */
export function useMyAbsence() {
  return useQuery({ ...absenceQuery(), staleTime: 0 });
}

/** GET /users/me/stand-ins: who may stand in for the caller (same city and role, or higher). */
export function useStandIns() {
  return useQuery(standInsQuery());
}

/** POST /users/me/absence, or DELETE with `null`: the absence query is invalidated either way. */
export function useSaveAbsence() {
  const queryClient = useQueryClient();
  return useMutation<AbsenceResponse, ApiError, AbsenceRequest | null>({
    mutationFn: (absence) => (absence ? setMyAbsence(absence) : clearMyAbsence()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slaKeys.absence() }),
  });
}
