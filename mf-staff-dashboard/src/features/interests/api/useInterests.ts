import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  apiRequest,
  type StaffInterestInput,
  type StaffInterestsResponse,
  staffInterestsResponseSchema,
} from 'shared-contracts';

/** The query key of the caller's declarations (ADR 0048). */
const MY_INTERESTS = ['interests', 'me'] as const;

/** GET /users/me/interests: the firms and projects the caller declared, each dated. */
export function useMyInterests() {
  return useQuery<StaffInterestsResponse, ApiError>({
    queryKey: MY_INTERESTS,
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.users.myInterests, staffInterestsResponseSchema, { signal }),
    staleTime: 0,
  });
}

/** PUT /users/me/interests: the whole list (what is left out is withdrawn). */
export function useSaveInterests() {
  const queryClient = useQueryClient();
  return useMutation<StaffInterestsResponse, ApiError, StaffInterestInput[]>({
    mutationFn: (interests) =>
      apiRequest('put', API_PATHS.users.myInterests, staffInterestsResponseSchema, { json: { interests } }),
    onSuccess: (answer) => queryClient.setQueryData(MY_INTERESTS, answer),
  });
}
