import { HEADER_SCROLL_THRESHOLD_PX, MOBILE_BREAKPOINT_PX, SIDEBAR_BREAKPOINT_PX } from '../constants';

/** docs/product.md#screens, docs/product.md#constants: the dashboard and the list use cards under 768 px. */
export function isMobileLayout(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

/** docs/product.md#screens, docs/product.md#constants: the sidebar closes after navigation on screens narrower than 992 px. */
export function closesSidebarAfterNavigation(width: number): boolean {
  return width < SIDEBAR_BREAKPOINT_PX;
}

/** docs/product.md#constants: the header changes once the page has scrolled past 70 px. */
export function isHeaderScrolled(scrollY: number): boolean {
  return scrollY > HEADER_SCROLL_THRESHOLD_PX;
}
