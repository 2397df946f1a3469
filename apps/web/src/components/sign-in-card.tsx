import { Card, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { IconLogin, IconUserPlus, type IconProps } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { paths } from '../lib/paths';
import { LinkButtons } from './link-buttons';

interface SignInCardProps {
  icon: ComponentType<IconProps>;
  /** The icon's colour (the theme's own when absent). */
  color?: MantineColor;
  title: string;
  /** Why to log in: what the page offers a signed-in user. */
  children: ReactNode;
  /** The page Login brings the visitor back to once logged in. */
  next: string;
  /** The card's widest. */
  maw: number;
  /** What else a visitor may do, under Login and Create an account. */
  footer?: ReactNode;
}

/** A page for signed-in users, as a visitor sees it: what it is, then Login or Create an account. */
export function SignInCard({
  icon: Icon,
  color,
  title,
  children,
  next,
  maw,
  footer,
}: SignInCardProps) {
  return (
    <Card padding="xl" maw={maw} w="100%">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
          <Icon size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        <LinkButtons
          mt="sm"
          justify="center"
          links={[
            {
              to: `${paths.login}?${new URLSearchParams({ next })}`,
              label: 'Login',
              icon: IconLogin,
            },
            {
              to: paths.register,
              label: 'Create an account',
              icon: IconUserPlus,
              variant: 'default',
            },
          ]}
        />
        {footer}
      </Stack>
    </Card>
  );
}
