import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  assignCommittee,
  type CityResponse,
  citiesQuery,
  cityKeys,
  committeeKeys,
  committeesQuery,
  createCity,
  filterUsers,
  setCityConvenor,
  userKeys,
} from 'shared-contracts';

/** GET /cities/getAllCities: every chapter, by name. Asked again when the screen opens. */
export function useCities() {
  return useQuery({ ...citiesQuery(), staleTime: 0 });
}

/** GET /committees/getAllCommittees: every committee (what a city may be given). */
export function useAllCommittees() {
  return useQuery(committeesQuery());
}

/** GET /committees/getAllCommittees?cityId: the committees a city has. */
export function useCityCommittees(cityId: number) {
  return useQuery(committeesQuery({ cityId }));
}

/** GET /admin/users/filter?role=convenor&city: who may be the city's convenor (the api checks the same). */
export function useCityConvenors(city: string) {
  const query = { role: 'convenor' as const, city };
  return useQuery({
    queryKey: [...userKeys.all, 'filter', query],
    queryFn: ({ signal }) => filterUsers(query, { signal }),
    select: (answer) => answer.users.filter((user) => user.isActive),
  });
}

/** POST /cities: a new chapter; the cities list (every screen that reads it) is invalidated. */
export function useCreateCity() {
  const queryClient = useQueryClient();
  return useMutation<CityResponse, ApiError, string>({
    mutationFn: (name) => createCity({ name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cityKeys.all }),
  });
}

/** POST /cities/committee/{id}/assign: the city gets a committee; the committee lists are invalidated. */
export function useAssignCommittee(cityId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (committeeId) => assignCommittee(cityId, committeeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: committeeKeys.all }),
  });
}

/** PUT /cities/{id}/convenor: the city's chosen convenor; the cities list is invalidated. */
export function useSetConvenor(cityId: number) {
  const queryClient = useQueryClient();
  return useMutation<CityResponse, ApiError, number>({
    mutationFn: (convenorId) => setCityConvenor(cityId, convenorId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cityKeys.all }),
  });
}
