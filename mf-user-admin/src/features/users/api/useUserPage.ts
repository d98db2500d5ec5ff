import { listUsers, type Role, USERS_PAGE_SIZE, type UserListResponse, useAsync } from 'shared-contracts';

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
 * drives the pagination), so the screen stays fast with thousands of members.
 */
export function useUserPage(query: UserPageQuery) {
  const { role, search, page } = query;
  return useAsync<UserListResponse>(
    () =>
      listUsers({ role: role || undefined, search: search || undefined, page, pageSize: USERS_PAGE_SIZE }),
    [role, search, page],
  );
}
