import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ApiError, type City, type Committee, citiesQuery, committeesQuery } from 'shared-contracts';
import { type NamedOption, optionsOutcome, type StoredOptions, storeOptions } from '../api/formOptions';

export interface OptionList {
  list: NamedOption[];
  loading: boolean;
  /** The docs/product.md#errors warning when the default list is in use. */
  warning: string | null;
}

/** One list: the server's once it has a usable one (remembered for next time), else the default. */
function useOptionList(
  kind: keyof StoredOptions,
  { data, error, isFetching }: UseQueryResult<readonly (City | Committee)[], ApiError>,
): OptionList {
  useEffect(() => {
    if (data?.length) storeOptions(kind, optionsOutcome(kind, data, null).list);
  }, [kind, data]);
  return { ...optionsOutcome(kind, data, error), loading: isFetching };
}

/**
 * Cities and committees for the selects: the lists this device loaded last show at once (a
 * repeat visit paints a usable form before any answer), the server's lists replace them.
 * `retry` loads again whatever failed (docs/product.md#submit-form 'Retry Loading').
 */
export function useFormOptions() {
  const citiesCall = useQuery({ ...citiesQuery(), select: (answer) => answer.cities });
  const committeesCall = useQuery({ ...committeesQuery(), select: (answer) => answer.committees });
  const cities = useOptionList('cities', citiesCall);
  const committees = useOptionList('committees', committeesCall);

  const retry = () => {
    if (cities.warning) void citiesCall.refetch();
    if (committees.warning) void committeesCall.refetch();
  };

  return { cities, committees, retry };
}
