import { normaliseRole } from 'shared-contracts';

/** docs/product.md#dashboard: the catalogue keys of the city dropdown's texts. */
export const CITY_DROPDOWN_TEXTS = {
  search: 'chart.dropdown.search',
  empty: 'chart.dropdown.empty',
  loading: 'chart.dropdown.loading',
} as const;

/** City presidents and convenors see only their city: their chart is locked to it. */
export function isCityLocked(role: string | null | undefined): boolean {
  const normalised = normaliseRole(role);
  return normalised === 'citypresident' || normalised === 'convenor';
}

/**
 * docs/product.md#dashboard: the city dropdown is disabled while loading, for City President and Convenor, or
 * when there is one city or fewer.
 */
export function isCityDropdownDisabled(options: {
  loading: boolean;
  role: string | null | undefined;
  cityCount: number;
}): boolean {
  return options.loading || isCityLocked(options.role) || options.cityCount <= 1;
}
