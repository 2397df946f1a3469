import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { BackToHome } from './auth-links';
import classes from './auth.module.css';

interface AuthCardProps {
  icon: ComponentType<IconProps>;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card, above 'Back to home'. */
  footer: ReactNode;
}

/**
 * The frame of every sign-in screen: a centred card with an icon, a title and a subtitle, and
 * under it the screen's links and 'Back to home'.
 */
export function AuthCard({ icon: Icon, title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box className={classes.page}>
      <Stack w="100%" maw={460} gap="lg">
        <Paper className={classes.card} withBorder p={{ base: 'lg', sm: 32 }}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <ThemeIcon size={52} radius="xl" variant="light" mb={6}>
                <Icon size={28} stroke={1.6} />
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
        <Stack gap={6} align="center" ta="center">
          {footer}
          <BackToHome />
        </Stack>
      </Stack>
    </Box>
  );
}
