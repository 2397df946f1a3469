import { ActionIcon, Badge, Indicator, VisuallyHidden } from '@mantine/core';
import { IconCards } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useReviewStats } from '../../api/reviews';
import { paths } from '../../lib/paths';

/** How many of the signed-in learner's reviews are due now; 0 until known. */
function useDueNow(): number {
  return useReviewStats().data?.dueNow ?? 0;
}

const dueLabel = (count: number) => (count > 0 ? `, ${count} due` : '');

/** Beside the navbar's 'Review' link: the number due now (read out as "…, 3 due"). */
export function DueBadge() {
  const count = useDueNow();
  if (count === 0) return null;
  return (
    <>
      <Badge
        size="sm"
        circle={count < 10}
        variant="filled"
        color="red"
        aria-hidden
        data-testid="due-badge"
      >
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{dueLabel(count)}</VisuallyHidden>
    </>
  );
}

/** At phone width, where the links are in the menu: the reviews as an icon with the count due. */
export function ReviewIconLink() {
  const count = useDueNow();
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      disabled={count === 0}
      size={16}
      color="red"
      offset={4}
      hiddenFrom="sm"
      data-testid="due-indicator"
    >
      <ActionIcon
        component={Link}
        to={paths.review}
        variant="default"
        size="lg"
        radius="md"
        aria-label={`Review${dueLabel(count)}`}
      >
        <IconCards size={18} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
