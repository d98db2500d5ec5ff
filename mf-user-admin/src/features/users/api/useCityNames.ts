import { useQuery } from '@tanstack/react-query';
import { citiesQuery } from 'shared-contracts';

/** GET /cities/getAllCities: the names the City select offers (users are saved with the city's name). */
export function useCityNames() {
  return useQuery({ ...citiesQuery(), select: (answer) => answer.cities.map((city) => city.name) });
}
