import { closesSidebarAfterNavigation, isHeaderScrolled, isMobileLayout } from './viewport';

describe('viewport rules (docs/product.md#screens, docs/product.md#constants)', () => {
  it.each([
    [767, true, true],
    [768, false, true],
    [991, false, true],
    [992, false, false],
    [1280, false, false],
  ])('width %p → mobile %p, sidebar closes %p', (width, mobile, closes) => {
    expect(isMobileLayout(width)).toBe(mobile);
    expect(closesSidebarAfterNavigation(width)).toBe(closes);
  });
  it.each([
    [0, false],
    [70, false],
    [71, true],
  ])('scrolled %p px → %p', (scrollY, scrolled) => {
    expect(isHeaderScrolled(scrollY)).toBe(scrolled);
  });
});
