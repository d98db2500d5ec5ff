import { listCities, useAsync } from 'shared-contracts';

/** GET /cities/getAllCities for the chart's city dropdown; skipped when the chart is locked. */
export function useCityNames(enabled: boolean) {
  return useAsync<string[]>(
    () =>
      enabled ? listCities().then(({ cities }) => cities.map((city) => city.name)) : Promise.resolve([]),
    [enabled],
  );
}
