/** docs/product.md#data: a ticket's city, 'Unknown' when missing (the city name of cityData wins over the text). */
export function ticketCity(ticket: {
  city?: string | null;
  cityData?: { name?: string | null } | null;
}): string {
  return ticket.cityData?.name?.trim() || ticket.city?.trim() || 'Unknown';
}
