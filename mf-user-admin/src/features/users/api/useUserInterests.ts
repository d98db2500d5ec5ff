import { useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  apiRequest,
  pathFor,
  type StaffInterestsResponse,
  staffInterestsResponseSchema,
} from 'shared-contracts';

/** GET /users/{id}/interests (admins): a staff user's declared firms and projects (ADR 0048). */
export function useUserInterests(userId: number | undefined) {
  return useQuery<StaffInterestsResponse, ApiError>({
    queryKey: ['interests', userId],
    queryFn: ({ signal }) =>
      apiRequest(
        'get',
        pathFor(API_PATHS.users.interests, { id: userId ?? 0 }),
        staffInterestsResponseSchema,
        {
          signal,
        },
      ),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}
