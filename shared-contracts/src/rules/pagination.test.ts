import { i18n } from '../i18n';
import { say, type Text } from '../i18n/text';
import {
  clampPage,
  pageBounds,
  pageCount,
  pageOfText,
  ticketPageNumbers,
  ticketPageWindow,
  ticketRangeText,
  userPageWindow,
  userRangeText,
} from './pagination';

/** A rule's text as the English page shows it (through the catalogue, as a component does). */
const en = (text: Text | null) => (text ? say(i18n.t, text) : text);

describe('page arithmetic', () => {
  it.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [-5, 10, 1],
  ])('pageCount(%p, %p) → %p', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
  it.each([
    [0, 5, 1],
    [9, 5, 5],
    [3, 5, 3],
    [Number.NaN, 5, 1],
    [2, 0, 1],
  ])('clampPage(%p, %p) → %p', (page, pages, clamped) => {
    expect(clampPage(page, pages)).toBe(clamped);
  });
  it.each([
    [1, 10, 0, 0, 0],
    [1, 10, 25, 1, 10],
    [3, 10, 25, 21, 25],
    [9, 10, 25, 21, 25],
  ])('pageBounds(page %p, size %p, total %p) → %p to %p', (page, size, total, from, to) => {
    expect(pageBounds(page, size, total)).toEqual({ from, to });
  });
  it('footers', () => {
    expect(en(ticketRangeText(2, 10, 25))).toBe('Showing 11 to 20 of 25 entries');
    expect(en(userRangeText(1, 10, 3))).toBe('Showing 1 to 3 of 3 users');
    expect(en(pageOfText(2, 3))).toBe('Page 2 of 3');
    // A search's total counted only up to the api's limit.
    expect(en(ticketRangeText(1, 10, 1000, true))).toBe('Showing 1 to 10 of 1,000+ entries');
    expect(en(ticketRangeText(100, 10, 1000, true))).toBe('Showing 991 to 1,000 of 1,000+ entries');
    expect(en(pageOfText(3, 100, true))).toBe('Page 3 of 100+');
    expect(en(pageOfText(1, 0))).toBe('Page 1 of 1');
  });
});

describe('ticketPageNumbers (docs/product.md#screens: mobile shows first, current, last)', () => {
  it.each([
    [3, 5, false, [1, 2, 3, 4, 5]],
    [3, 5, true, [1, 3, 5]],
    [1, 5, true, [1, 5]],
    [5, 5, true, [1, 5]],
    [1, 1, true, [1]],
    [1, 0, false, [1]],
  ])('page %p of %p, mobile %p → %p', (current, pages, mobile, numbers) => {
    expect(ticketPageNumbers(current, pages, mobile)).toEqual(numbers);
  });
});

describe('userPageWindow (docs/product.md#screens: 2 either side, first and last, ellipsis)', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'ellipsis', 10]],
    [10, 10, [1, 'ellipsis', 8, 9, 10]],
    [8, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
    [99, 10, [1, 'ellipsis', 8, 9, 10]],
  ])('page %p of %p → %p', (current, pages, items) => {
    expect(userPageWindow(current, pages)).toEqual(items);
  });
});

describe('ticketPageWindow (docs/product.md#screens on mobile; a window once a desktop list has many pages)', () => {
  it.each([
    [3, 5, false, [1, 2, 3, 4, 5]],
    [7, 10, false, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [1, 11, false, [1, 2, 3, 'ellipsis', 11]],
    [5000, 10000, false, [1, 'ellipsis', 4998, 4999, 5000, 5001, 5002, 'ellipsis', 10000]],
    [3, 5, true, [1, 'ellipsis', 3, 'ellipsis', 5]],
    [2, 5, true, [1, 2, 'ellipsis', 5]],
    [1, 2, true, [1, 2]],
    [1, 1, true, [1]],
    [4, 10000, true, [1, 'ellipsis', 4, 'ellipsis', 10000]],
  ])('page %p of %p, mobile %p → %p', (current, pages, mobile, items) => {
    expect(ticketPageWindow(current, pages, mobile)).toEqual(items);
  });
});
