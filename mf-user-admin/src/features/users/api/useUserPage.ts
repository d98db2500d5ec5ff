import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Role, USERS_PAGE_SIZE, usersQuery } from 'shared-contracts';

/** What the screen's controls ask for. */
export interface UserPageQuery {
  /** '' for All Roles. */
  role: '' | Role;
  /** The search term, already debounced and trimmed; '' for none. */
  search: string;
  page: number;
}

/**
 * GET /admin/users: one page of 10, filtered and counted by the server (the answer's `total`
 * drives the pagination), so the screen stays fast with thousands of members. The previous page
 * stays on screen (dimmed) until the next one arrives. Every change of the controls asks the
 * server again, also for a page seen a moment ago (staleTime 0): it is shown meanwhile.
 */
export function useUserPage(query: UserPageQuery) {
  const { role, search, page } = query;
  return useQuery({
    ...usersQuery({ role: role || undefined, search: search || undefined, page, pageSize: USERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
