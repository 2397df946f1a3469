import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import {
  IconCircleCheck,
  IconCircleCheckFilled,
  IconHeart,
  IconHeartFilled,
  IconLogin2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { DeferredPopover } from '../../../components/deferred/deferred-popover';
import { useHoverTooltip } from '../../../components/deferred/use-hover-tooltip';
import { paths } from '../../../lib/paths';
import { useSetLiked } from '../api/set-liked';
import { useSetSolved } from '../api/set-solved';
import { useViewer } from '../../../lib/auth/use-viewer';
import { SolveMarkBadge } from './solve-mark-badge';

export const SIGN_IN_PROMPT = "Sign in to like examples and track what you've solved";

/** Where each toggle is shown: compact icons on a card, labelled buttons on the example page. */
type Layout = 'card' | 'page';

interface MarkSpec {
  /** Accessible name; the state is aria-pressed, so the name never changes. */
  label: string;
  color: string;
  icon: ReactNode;
  pressedIcon: ReactNode;
  tooltip: (pressed: boolean) => string;
}

const LIKE: MarkSpec = {
  label: 'Like',
  color: 'pink',
  icon: <IconHeart size={18} stroke={1.8} aria-hidden />,
  pressedIcon: <IconHeartFilled size={18} aria-hidden />,
  tooltip: (pressed) => (pressed ? 'Liked — click to remove your like' : 'Like this example'),
};

const SOLVED: MarkSpec = {
  label: 'Mark solved',
  color: 'teal',
  icon: <IconCircleCheck size={18} stroke={1.8} aria-hidden />,
  pressedIcon: <IconCircleCheckFilled size={18} aria-hidden />,
  tooltip: (pressed) => (pressed ? 'Solved — click to mark unsolved' : 'Mark as solved'),
};

interface ToggleButtonProps {
  spec: MarkSpec;
  layout: Layout;
  pressed: boolean;
  onClick?: () => void;
}

/** One mark's button as a toggle (aria-pressed) or, for a visitor, as a plain button. */
function MarkButton({
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

function Toggle({
  spec,
  layout,
  pressed,
  onToggle,
}: {
  spec: MarkSpec;
  layout: Layout;
  pressed: boolean;
  onToggle: () => void;
}) {
  const { targetProps, tooltip } = useHoverTooltip<HTMLButtonElement>({
    label: spec.tooltip(pressed),
    openDelay: 400,
  });
  return (
    <>
      <MarkButton
        spec={spec}
        layout={layout}
        pressed={pressed}
        onClick={onToggle}
        aria-pressed={pressed}
        {...targetProps}
      />
      {tooltip}
    </>
  );
}

function LikeToggle({ example, layout }: { example: Example; layout: Layout }) {
  const mutation = useSetLiked(example.id);
  const liked = example.liked === true;
  return (
    <Toggle
      spec={LIKE}
      layout={layout}
      pressed={liked}
      onToggle={() => mutation.mutate({ value: !liked })}
    />
  );
}

function SolvedToggle({ example, layout }: { example: Example; layout: Layout }) {
  const mutation = useSetSolved(example.id);
  const solved = example.solved === true;
  return (
    <Toggle
      spec={SOLVED}
      layout={layout}
      pressed={solved}
      onToggle={() => mutation.mutate({ value: !solved })}
    />
  );
}

/** For a visitor the same buttons open a short prompt to sign in, coming back here afterwards. */
function SignInPrompt({ spec, layout }: { spec: MarkSpec; layout: Layout }) {
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
          {SIGN_IN_PROMPT}
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

/**
 * The caller's like and 'mark solved' toggles for one example (optimistic), after how a checked
 * answer solved it (without or with help) when it did; for a visitor, the same buttons leading to
 * a sign-in prompt.
 */
export function ExampleMarks({ example, layout }: { example: Example; layout: Layout }) {
  const viewer = useViewer();
  return (
    <Group gap={layout === 'card' ? 2 : 'xs'} wrap="nowrap" data-testid="example-marks">
      {viewer === null ? (
        <>
          <SignInPrompt spec={LIKE} layout={layout} />
          <SignInPrompt spec={SOLVED} layout={layout} />
        </>
      ) : (
        <>
          {example.solveMark ? (
            <SolveMarkBadge mark={example.solveMark} compact={layout === 'card'} />
          ) : null}
          <LikeToggle example={example} layout={layout} />
          <SolvedToggle example={example} layout={layout} />
        </>
      )}
    </Group>
  );
}
