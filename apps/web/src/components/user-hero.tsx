import { Box, Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { InitialAvatar } from './initial-avatar';
import { RoleBadge } from './role-badge';
import classes from './user-hero.module.css';

const looks = {
  /** The profile: a larger avatar, shown on phones too. */
  large: {
    py: { base: 32, sm: 48 },
    gap: 'lg',
    avatar: { size: 80, fz: 34 },
    titleSize: { base: 24, sm: 32 },
  },
  /** The dashboard: ruled off from what follows; no avatar on phones. */
  compact: {
    py: { base: 24, sm: 40 },
    gap: 'md',
    avatar: { size: 64, fz: 28, visibleFrom: 'xs' },
    titleSize: { base: 24, sm: 30 },
  },
} as const;

interface UserHeroProps {
  look: keyof typeof looks;
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  /** The user's initial, in the avatar. */
  initial: string;
  groups: readonly string[];
  /** Beside the role badge. */
  children?: ReactNode;
}

/** The banner at the top of a signed-in user's page: their initial, a heading and their role. */
export function UserHero({ look, titleId, title, initial, groups, children }: UserHeroProps) {
  const { py, gap, avatar, titleSize } = looks[look];
  const className = look === 'compact' ? `${classes.hero} ${classes.ruled}` : classes.hero;
  return (
    <Box component="section" className={className} aria-labelledby={titleId}>
      <Container py={py}>
        <Group gap={gap} wrap="nowrap" align="center">
          <InitialAvatar {...avatar}>{initial}</InitialAvatar>
          <Stack gap={6} miw={0}>
            <Title order={1} id={titleId} fz={titleSize} lh={1.2}>
              {title}
            </Title>
            <Group gap="xs">
              <RoleBadge groups={groups} size="md" />
              {children}
            </Group>
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}
