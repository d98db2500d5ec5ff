import {
  type FormResult,
  firstErrorPerField,
  type UserCreate,
  type UserCreateInput,
  type UserUpdate,
  type UserUpdateInput,
  userCreateSchema,
  userUpdateSchema,
} from 'shared-contracts';

export type UserFormMode = 'create' | 'edit';
export type UserField = keyof UserCreateInput;

/**
 * docs/product.md#user-form-validation: full name, email (format), mobile, city and role are required; committee is
 * optional; the password is required on create, and blank on edit keeps the current one.
 */
export function validateUserForm(
  values: UserUpdateInput,
  mode: UserFormMode,
): FormResult<UserCreate | UserUpdate, UserField> {
  const parsed = (mode === 'create' ? userCreateSchema : userUpdateSchema).safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data, errors: {} };
  return { ok: false, errors: firstErrorPerField(parsed.error) };
}

/** docs/product.md#user-management: the password label of the modal. */
export function passwordLabel(mode: UserFormMode): string {
  return mode === 'edit' ? 'Password (leave blank to keep current)' : 'Password';
}

/** docs/product.md#user-management: the modal title, the save button and the success message by mode. */
export function userFormTexts(mode: UserFormMode): { title: string; submit: string; success: string } {
  return mode === 'edit'
    ? { title: 'Edit User', submit: 'Update User', success: 'User updated successfully!' }
    : { title: 'Add New User', submit: 'Create User', success: 'User created successfully!' };
}
