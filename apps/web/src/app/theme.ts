import { createTheme, type MantineColorsTuple } from '@mantine/core';

const fontStack =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

// Indigo leaning a touch towards violet: the brand colour.
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdefe',
  '#b6bafa',
  '#8d93f6',
  '#6a72f2',
  '#545df0',
  '#4851f0',
  '#3942d6',
  '#313ac0',
  '#2631aa',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  fontFamily: fontStack,
  headings: {
    fontFamily: fontStack,
    fontWeight: '700',
  },
  defaultRadius: 'md',
  defaultGradient: { from: 'brand.6', to: 'grape.6', deg: 135 },
  cursorType: 'pointer',
  components: {
    Container: { defaultProps: { size: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
