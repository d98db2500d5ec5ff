import { useAsync } from 'shared-contracts';
import { cityNamesCall, PREFETCH_KEYS, takePrefetched } from './dashboardPrefetch';

/** GET /cities/getAllCities for the chart's city dropdown; skipped when the chart is locked. */
export function useCityNames(enabled: boolean) {
  return useAsync<string[]>(
    () => (enabled ? takePrefetched(PREFETCH_KEYS.cityNames, cityNamesCall) : Promise.resolve([])),
    [enabled],
  );
}
