import { i18n } from 'shared-contracts';
import '../../../i18n';
import { userFormTexts, validateUserForm } from './userFormValidation';
import { USER_ROLE_FILTER_OPTIONS } from './userRoleFilter';

describe('validateUserForm (docs/product.md#validation)', () => {
  const values = {
    fullName: 'Asha',
    email: 'asha@x.co',
    mobile: '9876543210',
    city: 'Pune',
    role: 'convenor',
  };
  it.each([
    ['create', { ...values, password: 'password1' }, true],
    ['create', values, false],
    ['edit', values, true],
    ['edit', { ...values, password: '' }, true],
    ['edit', { ...values, committee: '' }, true],
  ] as const)('%s %p → ok %p', (mode, input, ok) => {
    expect(validateUserForm(input, mode).ok).toBe(ok);
  });
  it.each([
    ['fullName', '', 'Full name is required'],
    ['email', 'nope', 'Please provide a valid email address.'],
    ['mobile', '', 'Mobile number is required'],
    ['city', ' ', 'City is required'],
    [
      'role',
      'wizard',
      'Role must be one of: admin, credaipresident, citypresident, governor, observer, convenor, customer',
    ],
  ])('%s = %p → %p', (field, value, message) => {
    const result = validateUserForm({ ...values, [field]: value }, 'edit');
    expect(result.ok ? undefined : result.errors[field as keyof typeof result.errors]).toBe(message);
  });
  it('password required on create', () => {
    const result = validateUserForm({ ...values, password: '' }, 'create');
    expect(result.ok ? undefined : result.errors.password).toBe('Password is required');
  });
  it('labels and texts by mode', () => {
    const english = (mode: 'create' | 'edit') =>
      Object.fromEntries(
        Object.entries(userFormTexts(mode)).map(([name, key]) => [name, i18n.t(`userAdmin:${key}`)]),
      );
    expect(english('create')).toEqual({
      title: 'Add New User',
      submit: 'Create User',
      success: 'User created successfully!',
      password: 'Password',
    });
    expect(english('edit')).toEqual({
      title: 'Edit User',
      submit: 'Update User',
      success: 'User updated successfully!',
      password: 'Password (leave blank to keep current)',
    });
  });
});

describe('the role filter (docs/product.md#user-management)', () => {
  it('the role filter offers All Roles and five roles, never Customer', () => {
    expect(USER_ROLE_FILTER_OPTIONS.map((option) => i18n.t(`userAdmin:${option.label}`))).toEqual([
      'All Roles',
      'Admin',
      'Credai President',
      'City President',
      'Observer',
      'Convenor',
    ]);
  });
});
