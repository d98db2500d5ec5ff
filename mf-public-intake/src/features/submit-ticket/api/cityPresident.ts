/**
 * The read-only City President field (spec §4 submit flow): GET /auth/city-president/{city} with
 * the chosen city's id. The api answers 404 when the city has no active president (or
 * `data: null`): 'Not assigned'; any other failure: 'Not available'.
 */
import { getCityPresident, toApiError } from 'shared-contracts';

export type PresidentLookup =
  | { state: 'empty' }
  | { state: 'loading' }
  | { state: 'found'; fullName: string | null }
  | { state: 'failed' };

export async function lookUpCityPresident(cityId: string): Promise<PresidentLookup> {
  try {
    const answer = await getCityPresident(cityId);
    return { state: 'found', fullName: answer.data?.fullName ?? null };
  } catch (error) {
    return toApiError(error).status === 404 ? { state: 'found', fullName: null } : { state: 'failed' };
  }
}
