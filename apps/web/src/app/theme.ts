import {
  createTheme,
  DEFAULT_THEME,
  Notification,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

/**
 * Shade 7 of indigo keeps white button text and links above WCAG AA contrast (shade 6 is 4.3:1),
 * and the dimmed and error texts are one step darker than Mantine's defaults for the same reason.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Myanmar", "Noto Sans Khmer", "Noto Sans Thai", "Noto Sans Bengali", "Noto Sans Devanagari", "Noto Sans SC", sans-serif',
  headings: { fontWeight: '700' },
});

/** A hex colour with each channel scaled by `factor` (0..1): the same hue, darker. */
export function darken(hex: string, factor: number): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * factor);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Mantine's "light" variant (tinted badges, alerts, buttons) writes a mid shade on a pale tint of
 * the same colour, under WCAG AA's 4.5:1 for most colours (green shade 9 is still 3.8:1). Shade 9
 * darkened by 30% keeps the hue and passes for every palette colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-error': t.colors.red[8]!,
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).map((color) => [
        `--mantine-color-${color}-light-color`,
        darken(t.colors[color]![9]!, 0.7),
      ]),
    ),
  },
  dark: {},
});

/** The theme with labels that depend on the interface language (every toast's close button). */
export const themeWithLabels = (closeLabel: string) =>
  createTheme({
    ...theme,
    components: {
      Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
    },
  });
