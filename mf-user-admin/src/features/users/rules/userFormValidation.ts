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

/**
 * docs/product.md#user-management: the catalogue keys of the modal's title, save button, success
 * message and password label by mode ('Add New User' / 'Edit User', 'Create User' / 'Update User', …).
 */
export function userFormTexts(mode: UserFormMode): {
  title: string;
  submit: string;
  success: string;
  password: string;
} {
  return {
    title: `form.${mode}.title`,
    submit: `form.${mode}.submit`,
    success: `form.${mode}.success`,
    password: `form.${mode}.password`,
  };
}
