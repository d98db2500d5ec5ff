import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminUser,
  createUser,
  type UserCreate,
  type UserUpdate,
  updateUser,
  userKeys,
} from 'shared-contracts';
import type { UserFormMode } from '../rules/userFormValidation';

/**
 * POST /admin/users/new or POST /admin/users/{id} with the validated form. On edit a blank
 * password was parsed to `undefined` and is left out, which keeps the current one.
 */
export async function saveUser(
  mode: UserFormMode,
  data: UserCreate | UserUpdate,
  id: number | undefined,
): Promise<AdminUser> {
  if (mode === 'edit') {
    if (id === undefined) throw new Error('Editing needs the id of the user');
    return (await updateUser(id, data)).user;
  }
  return (await createUser(data as UserCreate)).user;
}

/** The save as a mutation (ADR 0012): a saved user invalidates every users list and the overview. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: { mode: UserFormMode; data: UserCreate | UserUpdate; id: number | undefined }) =>
      saveUser(call.mode, call.data, call.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
