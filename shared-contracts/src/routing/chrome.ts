/** docs/product.md#routes: the header and sidebar are hidden on the public routes a member or visitor uses. */
export function isChromeHidden(pathname: string): boolean {
  return (
    pathname.startsWith('/ticket-detail') || pathname.startsWith('/tickets') || pathname === '/add-ticket'
  );
}
