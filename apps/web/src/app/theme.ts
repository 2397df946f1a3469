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

// A slightly blue-tinted dark palette: brighter text and a deep navy background.
const dark: MantineColorsTuple = [
  '#d5d7e0',
  '#acaebf',
  '#8c8fa3',
  '#666980',
  '#4d4f66',
  '#34354a',
  '#2b2c3d',
  '#1d1e30',
  '#0c0d21',
  '#01010a',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand, dark },
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
    Title: { defaultProps: { textWrap: 'balance' } },
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
