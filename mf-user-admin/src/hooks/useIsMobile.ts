import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from 'shared-contracts';

/** docs/product.md#user-management, docs/product.md#constants: small screens (under 768 px) get cards instead of the table. */
export const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.1)})`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
}
