import type { Role } from 'shared-contracts';

/**
 * The role filter of User Management (docs/product.md#user-management, docs/product.md#roles): All Roles, then these. Customer has a badge
 * colour but is not a choice. `value` '' means all roles.
 */
export const USER_ROLE_FILTER_OPTIONS: readonly { value: '' | Role; label: string }[] = [
  { value: '', label: 'All Roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'credaipresident', label: 'Credai President' },
  { value: 'citypresident', label: 'City President' },
  { value: 'observer', label: 'Observer' },
  { value: 'convenor', label: 'Convenor' },
];
