import { roleBadgeColor } from './roleBadgeColor';

describe('roleBadgeColor (docs/product.md#roles)', () => {
  it.each([
    ['admin', 'red'],
    ['credaipresident', 'blue'],
    ['citypresident', 'green'],
    ['observer', 'cyan'],
    ['convenor', 'yellow'],
    ['customer', 'gray'],
    ['governor', 'gray'],
    ['Wizard', 'gray'],
    [null, 'gray'],
  ])('%p → %p', (role, color) => {
    expect(roleBadgeColor(role)).toBe(color);
  });
});
