import { useQuery } from '@tanstack/react-query';
import { cityPresidentQuery } from 'shared-contracts';
import { servedPresident } from '../api/servedPresidents';

export type PresidentLookup =
  | { state: 'empty' }
  | { state: 'loading' }
  | { state: 'found'; fullName: string | null }
  | { state: 'failed' };

/**
 * The read-only City President field (docs/product.md#submit-flow): GET /auth/city-president/{city} with
 * the chosen city's id. Changing the city looks it up again (an answer for a city no longer
 * chosen is never shown: each city is its own query); an empty city clears it. The api answers
 * 404 when the city has no active president (or `data: null`): 'Not assigned'; any other
 * failure: 'Not available'.
 * On the page served with each city's president (ADR 0081) the chosen city's name shows at once,
 * instead of 'Loading...', while the lookup runs all the same and has the last word.
 */
export function useCityPresident(cityId: string): PresidentLookup {
  const served = servedPresident(cityId);
  // docs/product.md#ticket-states: every change of city looks the president up again, so no answer is kept for later.
  const query = useQuery({
    ...cityPresidentQuery(cityId),
    enabled: cityId !== '',
    staleTime: 0,
    gcTime: 0,
    placeholderData: served === undefined ? undefined : { data: { fullName: served } },
  });
  if (!cityId) return { state: 'empty' };
  if (query.isError)
    return query.error.status === 404 ? { state: 'found', fullName: null } : { state: 'failed' };
  if (query.isPending) return { state: 'loading' };
  return { state: 'found', fullName: query.data.data?.fullName ?? null };
}
