import { isChromeHidden } from './chrome';
import { REMOTE_ROUTES, ROUTES_EXPOSE } from './remoteRoutes';

describe('isChromeHidden (docs/product.md#routes)', () => {
  it.each([
    ['/ticket-detail/5', true],
    ['/ticket-detail', true],
    ['/tickets/3', true],
    ['/add-ticket', true],
    ['/add-ticket/extra', false],
    ['/track', true],
    ['/tracking', false],
    ['/dashboard', false],
    ['/ticket', false],
    ['/', false],
  ])('%p → %p', (path, hidden) => {
    expect(isChromeHidden(path)).toBe(hidden);
  });
  it('every route of the first description of the product has one owner', () => {
    const all = Object.values(REMOTE_ROUTES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(ROUTES_EXPOSE).toBe('./routes');
  });
});
