import { Badge, VisuallyHidden } from '@mantine/core';
import type { ProgressCounts } from '../api/get-progress';
import classes from './examples.module.css';

/**
 * 'solved/total' of a category for the signed-in user: grey before the first solve, brand while
 * under way, teal when all are solved. Read out as '3 of 12 solved'.
 */
export function ProgressBadge({
  counts,
  active = false,
}: {
  counts: Pick<ProgressCounts, 'solved' | 'total'> | undefined;
  /** On the chosen category (a light brand background): filled, so it stands out. */
  active?: boolean;
}) {
  if (!counts || counts.total === 0) return null;
  const { solved, total } = counts;
  const color = solved >= total ? 'teal' : solved > 0 ? 'brand' : 'gray';
  return (
    <Badge
      size="sm"
      variant={active ? 'filled' : 'light'}
      color={color}
      tt="none"
      className={classes.progressBadge}
      data-testid="progress-badge"
    >
      <span aria-hidden>
        {solved}/{total}
      </span>
      <VisuallyHidden>
        {solved} of {total} solved
      </VisuallyHidden>
    </Badge>
  );
}
