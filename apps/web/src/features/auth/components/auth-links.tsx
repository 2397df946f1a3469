import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600}>
      {children}
    </Anchor>
  );
}

/** "Question? Link" under a card. */
export function AuthPrompt({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {link}
      </Anchor>
    </Text>
  );
}

export function BackToHome() {
  return (
    <Anchor component={Link} to={paths.home} size="sm" c="dimmed">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} />
        Back to home
      </Group>
    </Anchor>
  );
}
