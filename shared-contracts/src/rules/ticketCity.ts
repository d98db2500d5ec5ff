/**
 * docs/product.md#data: a ticket's city (the city name of cityData wins over the text), or '' when
 * it has none: the screen then shows the catalogue's `common:city.unknown` ('Unknown').
 */
export function ticketCity(ticket: {
  city?: string | null;
  cityData?: { name?: string | null } | null;
}): string {
  return ticket.cityData?.name?.trim() || ticket.city?.trim() || '';
}
