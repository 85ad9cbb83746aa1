import { createTheme, InputWrapper } from '@mantine/core';

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
  // A page's h1 at Mantine's 34 px took a phone's screen with a long (German) title; it grows with the
  // window from an h2's 26 px on a phone to 34 px on a desktop.
  headings: { sizes: { h1: { fontSize: 'clamp(1.625rem, 1.2rem + 1.7vw, 2.125rem)', lineHeight: '1.25' } } },
  components: {
    // Mantine's dimmed description (gray 6) misses the AA contrast ratio of normal text; gray 7 meets it.
    InputWrapper: InputWrapper.extend({ styles: { description: { color: 'var(--mantine-color-gray-7)' } } }),
  },
});
