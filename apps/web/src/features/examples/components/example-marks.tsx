import { Group } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import {
  IconCircleCheck,
  IconCircleCheckFilled,
  IconHeart,
  IconHeartFilled,
} from '@tabler/icons-react';
import { useHoverTooltip } from '../../../components/deferred/use-hover-tooltip';
import { useSetLiked } from '../api/set-liked';
import { useSetSolved } from '../api/set-solved';
import { useViewer } from '../../../lib/auth/use-viewer';
import { MarkButton, SignInPrompt, type Layout, type MarkSpec } from './mark-button';
import { REVIEW, REVIEW_SIGN_IN_PROMPT, ReviewToggle } from './review-toggle';
import { SolveMarkBadge } from './solve-mark-badge';

export { SIGN_IN_PROMPT } from './mark-button';

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

/**
 * The caller's like and 'mark solved' toggles for one example (optimistic), after how a checked
 * answer solved it (without or with help) when it did, and 'Add to reviews'; for a visitor, the
 * same buttons leading to a sign-in prompt.
 */
export function ExampleMarks({ example, layout }: { example: Example; layout: Layout }) {
  const viewer = useViewer();
  return (
    <Group
      gap={layout === 'card' ? 2 : 'xs'}
      // A page's labelled buttons wrap at phone width; a card's icons stay on one line.
      wrap={layout === 'card' ? 'nowrap' : 'wrap'}
      data-testid="example-marks"
    >
      {viewer === null ? (
        <>
          <SignInPrompt spec={LIKE} layout={layout} />
          <SignInPrompt spec={SOLVED} layout={layout} />
          <SignInPrompt spec={REVIEW} layout={layout} message={REVIEW_SIGN_IN_PROMPT} />
        </>
      ) : (
        <>
          {example.solveMark ? (
            <SolveMarkBadge mark={example.solveMark} compact={layout === 'card'} />
          ) : null}
          <LikeToggle example={example} layout={layout} />
          <SolvedToggle example={example} layout={layout} />
          <ReviewToggle example={example} layout={layout} />
        </>
      )}
    </Group>
  );
}
