import type { Role } from 'shared-contracts';

/**
 * The role filter of User Management (docs/product.md#user-management, docs/product.md#roles): All Roles, then these. Customer has a badge
 * colour but is not a choice. `value` '' means all roles; `label` is the catalogue key of its name.
 */
export const USER_ROLE_FILTER_OPTIONS: readonly { value: '' | Role; label: string }[] = [
  { value: '', label: 'roleFilter.all' },
  { value: 'admin', label: 'roleFilter.admin' },
  { value: 'credaipresident', label: 'roleFilter.credaipresident' },
  { value: 'citypresident', label: 'roleFilter.citypresident' },
  { value: 'observer', label: 'roleFilter.observer' },
  { value: 'convenor', label: 'roleFilter.convenor' },
];
