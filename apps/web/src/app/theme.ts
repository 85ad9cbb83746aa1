import { createTheme } from '@mantine/core';

/**
 * The marketplace's Mantine theme. Primary shade 8 keeps white text on filled buttons and badges
 * above the WCAG AA contrast ratio, which Mantine's default shade 6 of blue misses.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  focusRing: 'auto',
});
