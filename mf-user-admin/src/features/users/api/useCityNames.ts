import { listCities, useAsync } from 'shared-contracts';

/** GET /cities/getAllCities: the names the City select offers (users are saved with the city's name). */
export function useCityNames() {
  return useAsync<string[]>(() => listCities().then(({ cities }) => cities.map((city) => city.name)), []);
}
