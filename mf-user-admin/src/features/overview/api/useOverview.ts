import { useAsync } from 'shared-contracts';
import { fetchOverview, type UserOverview } from './fetchOverview';

export function useOverview() {
  return useAsync<UserOverview>(fetchOverview, []);
}
