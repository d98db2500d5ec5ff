import { useQuery } from '@tanstack/react-query';
import { citiesQuery } from 'shared-contracts';

/** GET /cities/getAllCities for the chart's city dropdown; skipped when the chart is locked. */
export function useCityNames(enabled: boolean) {
  return useQuery({
    ...citiesQuery(),
    select: (answer) => answer.cities.map((city) => city.name),
    enabled,
  });
}
