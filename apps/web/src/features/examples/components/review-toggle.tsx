import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import { IconCards, IconCardsFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { DeferredPopover } from '../../../components/deferred/deferred-popover';
import { useHoverTooltip } from '../../../components/deferred/use-hover-tooltip';
import { useSetInReviews } from '../api/set-in-reviews';
import { dueText } from '../../../lib/interval';
import { MarkButton, type Layout, type MarkSpec } from './mark-button';

export const REVIEW_SIGN_IN_PROMPT =
  'Sign in to add examples to your reviews, which bring them back before you forget them';

/** 'Add to reviews' (the visitor's button too). */
export const REVIEW: MarkSpec = {
  label: 'Add to reviews',
  color: 'violet',
  icon: <IconCards size={18} stroke={1.8} aria-hidden />,
  pressedIcon: <IconCardsFilled size={18} aria-hidden />,
  tooltip: () => 'Add to reviews: it comes back just before you would forget it',
};

const IN_REVIEWS: MarkSpec = { ...REVIEW, label: 'In reviews' };

/**
 * The caller's reviews of one example, from its `reviewDue`: 'Add to reviews' when it is not in
 * them; 'In reviews' with when it is due when it is, which asks before removing it (its schedule
 * goes with it).
 */
export function ReviewToggle({ example, layout }: { example: Example; layout: Layout }) {
  const mutation = useSetInReviews(example.id);
  const due = example.reviewDue ?? null;
  const { targetProps, tooltip } = useHoverTooltip<HTMLButtonElement>({
    label: REVIEW.tooltip(false),
    openDelay: 400,
  });
  if (due === null) {
    return (
      <>
        <MarkButton
          spec={REVIEW}
          layout={layout}
          pressed={false}
          onClick={() => mutation.mutate({ value: true })}
          data-review="add"
          {...targetProps}
        />
        {tooltip}
      </>
    );
  }
  return <InReviews due={due} layout={layout} onRemove={() => mutation.mutate({ value: false })} />;
}

function InReviews({
  due,
  layout,
  onRemove,
}: {
  due: string;
  layout: Layout;
  onRemove: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const dueId = useId();
  // Read once, when it is shown: the text does not tick.
  const [now] = useState(() => Date.now());
  const when = dueText(due, now);
  const parts = (
    <>
      <DeferredPopover
        opened={opened}
        onChange={setOpened}
        width={260}
        position="bottom-end"
        shadow="md"
        withArrow
        trapFocus={false}
        target={(props) => (
          <MarkButton
            spec={IN_REVIEWS}
            layout={layout}
            pressed
            aria-describedby={dueId}
            data-review="in"
            title={layout === 'card' ? `In reviews, ${when}` : undefined}
            {...props}
            // A controlled popover leaves the press to its target (before its code arrives, the
            // placeholder's handler fetches it).
            onClick={() => {
              props.onClick?.();
              setOpened((open) => !open);
            }}
          />
        )}
      >
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            Remove this example from your reviews? Its schedule is lost.
          </Text>
          <Group gap="xs" grow>
            <Button
              size="xs"
              // The shade white text reads on (AA) in both schemes.
              color="red.9"
              onClick={() => {
                setOpened(false);
                onRemove();
              }}
            >
              Remove
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Keep
            </Button>
          </Group>
        </Stack>
      </DeferredPopover>
      {layout === 'page' ? (
        <Text size="sm" c="dimmed" id={dueId} data-testid="review-due">
          {capitalise(when)}
        </Text>
      ) : (
        <VisuallyHidden id={dueId}>{capitalise(when)}</VisuallyHidden>
      )}
    </>
  );
  // On the page, the due date stays beside its button when the row wraps.
  return layout === 'page' ? (
    <Group gap={6} wrap="nowrap">
      {parts}
    </Group>
  ) : (
    parts
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
