import { createTheme, type CSSVariablesResolver } from '@mantine/core';

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

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-error': t.colors.red[8]!,
  },
  dark: {},
});
