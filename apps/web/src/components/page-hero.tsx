import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

const heroStyle = {
  borderBottom: '1px solid light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))',
  background:
    'radial-gradient(50rem 22rem at 80% -20%, light-dark(rgba(72, 81, 240, 0.12), rgba(72, 81, 240, 0.22)), transparent 70%)',
};

/** The banner at the top of a content page (about, LaTeX demo): a thin rule and a soft glow. */
export function PageHero({ py, children }: { py: BoxProps['py']; children: ReactNode }) {
  return (
    <Box component="header" py={py} style={heroStyle}>
      {children}
    </Box>
  );
}
