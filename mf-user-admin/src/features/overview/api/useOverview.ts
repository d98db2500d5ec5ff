import { useQuery } from '@tanstack/react-query';
import { userKeys } from 'shared-contracts';
import { fetchOverview } from './fetchOverview';

/** The /activity numbers, cached under the users keys: saving a user invalidates them too. */
export function useOverview() {
  return useQuery({ queryKey: userKeys.overview(), queryFn: fetchOverview });
}
