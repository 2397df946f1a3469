import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { DeferredPopover } from '../../../components/deferred/deferred-popover';
import { paths } from '../../../lib/paths';

export const SIGN_IN_PROMPT = "Sign in to like examples and track what you've solved";

/** Where each toggle is shown: compact icons on a card, labelled buttons on the example page. */
export type Layout = 'card' | 'page';

export interface MarkSpec {
  /** Accessible name; the state is aria-pressed, so the name never changes. */
  label: string;
  color: string;
  icon: ReactNode;
  pressedIcon: ReactNode;
  tooltip: (pressed: boolean) => string;
}

interface ToggleButtonProps {
  spec: MarkSpec;
  layout: Layout;
  pressed: boolean;
  onClick?: () => void;
}

/** One mark's button as a toggle (aria-pressed) or, for a visitor, as a plain button. */
export function MarkButton({
  spec,
  layout,
  pressed,
  onClick,
  ...rest
}: ToggleButtonProps & Record<string, unknown>) {
  const icon = pressed ? spec.pressedIcon : spec.icon;
  if (layout === 'page') {
    return (
      <Button
        variant={pressed ? 'light' : 'default'}
        color={pressed ? spec.color : undefined}
        leftSection={icon}
        onClick={onClick}
        data-pressed={pressed || undefined}
        {...rest}
      >
        {spec.label}
      </Button>
    );
  }
  return (
    <ActionIcon
      size="lg"
      radius="xl"
      variant={pressed ? 'light' : 'subtle'}
      color={pressed ? spec.color : 'gray'}
      onClick={onClick}
      aria-label={spec.label}
      data-pressed={pressed || undefined}
      {...rest}
    >
      {icon}
    </ActionIcon>
  );
}

/** For a visitor the same buttons open a short prompt to sign in, coming back here afterwards. */
export function SignInPrompt({
  spec,
  layout,
  message = SIGN_IN_PROMPT,
}: {
  spec: MarkSpec;
  layout: Layout;
  message?: string;
}) {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  const login = `${paths.login}?${new URLSearchParams({ next }).toString()}`;
  return (
    <DeferredPopover
      width={260}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus={false}
      target={(props) => <MarkButton spec={spec} layout={layout} pressed={false} {...props} />}
      dropdownProps={{ 'aria-label': 'Sign in' }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {message}
        </Text>
        <Group gap="xs" grow>
          <Button
            component={Link}
            to={login}
            size="xs"
            leftSection={<IconLogin2 size={16} aria-hidden />}
          >
            Login
          </Button>
          <Button component={Link} to={paths.register} size="xs" variant="default">
            Register
          </Button>
        </Group>
      </Stack>
    </DeferredPopover>
  );
}
