import { ACCESSIBLE_LIGHT_TEXT, cssVariablesResolver, theme } from './theme';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const linear = (start: number) => {
    const c = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
}

const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('theme', () => {
  it.each(Object.entries(ACCESSIBLE_LIGHT_TEXT))('%s text reaches AA contrast on white', (_, colour) => {
    expect(contrastOnWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts those colours into the light scheme variables', () => {
    const resolved = cssVariablesResolver(theme as never);
    expect(resolved.light).toEqual({
      '--mantine-color-dimmed': ACCESSIBLE_LIGHT_TEXT.dimmed,
      '--mantine-color-error': ACCESSIBLE_LIGHT_TEXT.error,
      '--mantine-color-placeholder': ACCESSIBLE_LIGHT_TEXT.placeholder,
    });
  });

  it('the check itself tells Mantine default grey apart', () => {
    expect(contrastOnWhite('#868e96')).toBeLessThan(4.5);
  });
});
