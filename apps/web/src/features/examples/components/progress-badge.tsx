import { Badge, VisuallyHidden } from '@mantine/core';
import type { ProgressCounts } from '../api/get-progress';
import classes from './examples.module.css';

/** Filled shades dark enough for white text (WCAG AA 4.5:1, checked by e2e/a11y.e2e.ts). */
const FILLED = { gray: 'gray.7', brand: 'brand.7', teal: 'teal.9' } as const;

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
      color={active ? FILLED[color] : color}
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
