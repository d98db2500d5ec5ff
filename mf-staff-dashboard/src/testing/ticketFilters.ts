/**
 * The list panel's filters as the in-memory api applies them (the real filtering is the api's
 * SQL): what the component tests expect a list call with these filters to return.
 */
import { normaliseReraNumber, normaliseStatus, ticketCity } from 'shared-contracts';

/** A local calendar day as `YYYY-MM-DD`. */
export function toIsoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The local creation day of an ISO time, or null when it is not a time. */
export function creationDay(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null;
  const time = new Date(createdAt);
  return Number.isNaN(time.getTime()) ? null : toIsoDay(time);
}

export interface FilterableTicket {
  title?: string | null;
  status?: string | null;
  city?: string | null;
  cityData?: { name?: string | null } | null;
  createdAt?: string | null;
  customer?: { fullName?: string | null } | null;
  project?: { id: number; reraNumber: string } | null;
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
  /** 'Filter by project': the project's id; empty for every project (ADR 0055). */
  projectId?: string | number | null;
}

/** docs/product.md#ticket-list-panel search: the title or the customer's full name contains the text, ignoring case. */
export function matchesSearch(ticket: FilterableTicket, q: string | null | undefined): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return (
    (ticket.title ?? '').toLowerCase().includes(needle) ||
    (ticket.customer?.fullName ?? '').toLowerCase().includes(needle) ||
    // Staff find a project's tickets by its RERA number, in any case and with spaces (ADR 0055).
    (!!ticket.project && ticket.project.reraNumber === normaliseReraNumber(needle))
  );
}

/** The status filter: 'all' or empty passes everything, else the statuses compare in any case. */
export function matchesStatus(ticket: FilterableTicket, status: string | null | undefined): boolean {
  const wanted = status?.trim().toLowerCase();
  if (!wanted || wanted === 'all') return true;
  return normaliseStatus(ticket.status) === wanted;
}

/** The city filter (a ticket without a city matches none). */
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
      matchesDay(ticket, filter.date) &&
      (!filter.projectId || ticket.project?.id === Number(filter.projectId)),
  );
}
