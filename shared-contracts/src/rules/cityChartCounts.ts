import type { CityStats } from '../schemas/tickets';
import { ticketCity } from './ticketCity';
import { normaliseStatus } from './ticketStatus';

interface CountableTicket {
  status?: string | null;
  city?: string | null;
  cityData?: { name?: string | null } | null;
}

/**
 * docs/product.md#dashboard, docs/product.md#ticket-states: the bars of the city chart. Pending counts pending and in-review together;
 * approved counts only in the total. Cities in order of first appearance; a ticket without a city
 * has no bar (the api's counts are kept per city).
 */
export function cityChartCounts(tickets: readonly CountableTicket[]): CityStats[] {
  const byCity = new Map<string, CityStats>();
  for (const ticket of tickets) {
    const city = ticketCity(ticket);
    if (!city) continue;
    let row = byCity.get(city);
    if (!row) {
      row = { city, total: 0, pending: 0, resolved: 0, rejected: 0 };
      byCity.set(city, row);
    }
    row.total += 1;
    const status = normaliseStatus(ticket.status);
    if (status === 'pending' || status === 'in-review') row.pending += 1;
    else if (status === 'resolved') row.resolved += 1;
    else if (status === 'rejected') row.rejected += 1;
  }
  return [...byCity.values()];
}
