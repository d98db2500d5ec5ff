import { useAsync } from '../../../hooks/useAsync';
import { fetchOverview, type UserOverview } from './fetchOverview';

export function useOverview() {
  return useAsync<UserOverview>(fetchOverview, []);
}
