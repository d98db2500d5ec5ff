/**
 * docs/product.md#routes: the header and sidebar are hidden on the public routes a member or visitor uses
 * (and on /track, where a member asks for their link: docs/architecture.md#conversation-and-notifications).
 */
export function isChromeHidden(pathname: string): boolean {
  return (
    pathname.startsWith('/ticket-detail') ||
    pathname.startsWith('/tickets') ||
    pathname === '/add-ticket' ||
    pathname === '/track'
  );
}
