import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, darken, theme } from './theme.ts';

/** WCAG relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(1 + i, 3 + i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('theme contrast', () => {
  it('darkens a colour channel by channel', () => {
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(darken('#4c6ef5', 1)).toBe('#4c6ef5');
  });

  it('gives every light variant text at least 4.5:1 on its tinted background', () => {
    const vars = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME).light;
    for (const color of Object.keys(DEFAULT_THEME.colors)) {
      const text = vars[`--mantine-color-${color}-light-color`]!;
      // Mantine's light background is shade 1 at most (a translucent tint over white is paler).
      const background = DEFAULT_THEME.colors[color]![1]!;
      expect(contrast(text, background), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
