import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Myanmar", "Noto Sans Khmer", "Noto Sans Thai", "Noto Sans Bengali", "Noto Sans Devanagari", "Noto Sans SC", sans-serif',
  headings: { fontWeight: '700' },
});
