import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth.module.css';

interface AuthCardProps {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. back to home). */
  footer?: ReactNode;
}

/** The frame of every sign-in screen: a centred card with an icon, a title and a subtitle. */
export function AuthCard({ icon, title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box className={classes.page}>
      <Stack w="100%" maw={460} gap="lg">
        <Paper className={classes.card} withBorder p={{ base: 'lg', sm: 32 }}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <ThemeIcon size={52} radius="xl" variant="light" mb={6}>
                {icon}
              </ThemeIcon>
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" maw={360}>
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Stack gap={6} align="center" ta="center">
            {footer}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
