import { creationDay } from './dateRange';
import { ticketCity } from './ticketCity';
import { normaliseStatus } from './ticketStatus';

export interface FilterableTicket {
  title?: string | null;
  status?: string | null;
  city?: string | null;
  cityData?: { name?: string | null } | null;
  createdAt?: string | null;
  customer?: { fullName?: string | null } | null;
}

export interface TicketFilter {
  /** 'all' (or empty) for every status. */
  status?: string | null;
  /** 'Search by name or title'. */
  q?: string | null;
  /** 'Filter by city'; empty for every city. */
  city?: string | null;
  /** The creation day `YYYY-MM-DD`; empty for every day. */
  date?: string | null;
}

/** docs/product.md#ticket-list-panel search: the title or the customer's full name contains the text, ignoring case. */
export function matchesSearch(ticket: FilterableTicket, q: string | null | undefined): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return (
    (ticket.title ?? '').toLowerCase().includes(needle) ||
    (ticket.customer?.fullName ?? '').toLowerCase().includes(needle)
  );
}

/** The status filter: 'all' or empty passes everything, else the statuses compare in any case. */
export function matchesStatus(ticket: FilterableTicket, status: string | null | undefined): boolean {
  const wanted = status?.trim().toLowerCase();
  if (!wanted || wanted === 'all') return true;
  return normaliseStatus(ticket.status) === wanted;
}

/** The city filter (a missing city is 'Unknown'). */
export function matchesCity(ticket: FilterableTicket, city: string | null | undefined): boolean {
  const wanted = city?.trim().toLowerCase();
  if (!wanted) return true;
  return ticketCity(ticket).toLowerCase() === wanted;
}

/** The date picker filters to the creation day. */
export function matchesDay(ticket: FilterableTicket, day: string | null | undefined): boolean {
  if (!day) return true;
  return creationDay(ticket.createdAt) === day;
}

/** Every filter of the list panel at once. */
export function filterTickets<T extends FilterableTicket>(tickets: readonly T[], filter: TicketFilter): T[] {
  return tickets.filter(
    (ticket) =>
      matchesStatus(ticket, filter.status) &&
      matchesSearch(ticket, filter.q) &&
      matchesCity(ticket, filter.city) &&
      matchesDay(ticket, filter.date),
  );
}

/** docs/product.md#ticket-list-panel 'Filter by city': the cities present in the loaded tickets, sorted, without repeats. */
export function cityFilterOptions(tickets: readonly FilterableTicket[]): string[] {
  return [...new Set(tickets.map(ticketCity))].sort((a, b) => a.localeCompare(b));
}
