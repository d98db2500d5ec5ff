import { USERS_PAGINATION_SIBLINGS } from '../constants';
import { commonText, type Text } from '../i18n/text';

export type PageItem = number | 'ellipsis';

/** Pages needed for `total` rows (at least 1, so 'Page 1 of 1' shows for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The page clamped into 1..pageCount. */
export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, totalPages));
}

/** The 1-based rows shown on a page ('Showing X to Y of Z'); 0 to 0 when there are none. */
export function pageBounds(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, pageCount(total, pageSize));
  return { from: (current - 1) * pageSize + 1, to: Math.min(current * pageSize, total) };
}

/**
 * docs/product.md#ticket-list-panel ticket list: every page number on a desktop; on mobile only the first, the current
 * and the last page.
 */
export function ticketPageNumbers(current: number, totalPages: number, mobile: boolean): number[] {
  const last = Math.max(1, totalPages);
  if (!mobile) return Array.from({ length: last }, (_, index) => index + 1);
  return [...new Set([1, clampPage(current, last), last])];
}

/**
 * docs/product.md#user-management users pagination: 2 pages either side of the current page, the first and the last
 * always, an ellipsis wherever numbers are skipped.
 */
export function userPageWindow(current: number, totalPages: number): PageItem[] {
  const last = Math.max(1, totalPages);
  const page = clampPage(current, last);
  const pages = new Set<number>([1, last]);
  for (let offset = -USERS_PAGINATION_SIBLINGS; offset <= USERS_PAGINATION_SIBLINGS; offset += 1) {
    const candidate = page + offset;
    if (candidate >= 1 && candidate <= last) pages.add(candidate);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous > 1) items.push('ellipsis');
    items.push(value);
  });
  return items;
}

/**
 * docs/product.md#ticket-list-panel list footer: 'Showing X to Y of Z entries'. A total the api
 * counted only up to a limit (`totalIsLowerBound`, a search with many matches) reads
 * 'of 1,000+ entries'.
 */
export function ticketRangeText(
  page: number,
  pageSize: number,
  total: number,
  totalIsLowerBound = false,
): Text {
  const { from, to } = pageBounds(page, pageSize, total);
  return commonText(totalIsLowerBound ? 'pagination.ticketRangeAtLeast' : 'pagination.ticketRange', {
    from,
    to,
    total,
  });
}

/** docs/product.md#screens users footer: 'Showing X to Y of N users'. */
export function userRangeText(page: number, pageSize: number, total: number): Text {
  const { from, to } = pageBounds(page, pageSize, total);
  return commonText('pagination.userRange', { from, to, total });
}

/** docs/product.md#screens: 'Page N of M' ('of M+' when the total is a lower bound). */
export function pageOfText(page: number, totalPages: number, atLeast = false): Text {
  return commonText(atLeast ? 'pagination.pageOfAtLeast' : 'pagination.pageOf', {
    page: clampPage(page, totalPages),
    pages: Math.max(1, totalPages),
  });
}

/** A ticket list with at most this many pages shows every page number on a desktop. */
export const TICKET_PAGES_SHOWN_IN_FULL = 10;

/**
 * The page buttons of the ticket list. Mobile (docs/product.md#screens): the first, the current and the last page.
 * Desktop: every page number while there are at most 10 pages (docs/product.md#screens); beyond that (100,000
 * tickets are 10,000 pages) the users window: 2 pages either side, the first and the last.
 * An ellipsis stands wherever numbers are skipped.
 */
export function ticketPageWindow(current: number, totalPages: number, mobile: boolean): PageItem[] {
  if (!mobile) {
    return totalPages > TICKET_PAGES_SHOWN_IN_FULL
      ? userPageWindow(current, totalPages)
      : ticketPageNumbers(current, totalPages, false);
  }
  const items: PageItem[] = [];
  for (const page of ticketPageNumbers(current, totalPages, true)) {
    const previous = items[items.length - 1];
    if (typeof previous === 'number' && page - previous > 1) items.push('ellipsis');
    items.push(page);
  }
  return items;
}
