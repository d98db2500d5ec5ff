import { listCities } from 'shared-contracts';
import { useAsync } from '../../../hooks/useAsync';

/** GET /cities/getAllCities: the names the City select offers (users are saved with the city's name). */
export function useCityNames() {
  return useAsync<string[]>(() => listCities().then(({ cities }) => cities.map((city) => city.name)), []);
}
