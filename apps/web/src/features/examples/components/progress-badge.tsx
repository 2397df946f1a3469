import { Badge, VisuallyHidden } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ProgressCounts } from '../api/get-progress';
import classes from './examples.module.css';

/** Filled shades dark enough for white text (WCAG AA 4.5:1, checked by e2e/a11y.e2e.ts). */
const FILLED = { gray: 'gray.7', brand: 'brand.7', teal: 'teal.9' } as const;

/**
 * 'solved/total' of a category for the signed-in user: grey before the first solve, brand while
 * under way, teal when all are solved; before it, with sparkles, how many were solved without help
 * when any were. Read out as '3 of 12 solved, 2 without help'.
 */
export function ProgressBadge({
  counts,
  active = false,
}: {
  counts: Pick<ProgressCounts, 'solved' | 'total' | 'withoutHelp'> | undefined;
  /** On the chosen category (a light brand background): filled, so it stands out. */
  active?: boolean;
}) {
  if (!counts || counts.total === 0) return null;
  const { solved, total, withoutHelp } = counts;
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
      <span aria-hidden className={classes.progressBadgeCounts}>
        {withoutHelp > 0 ? (
          <>
            <IconSparkles size={11} stroke={2} />
            {withoutHelp}
            <span className={classes.progressBadgeSeparator}>·</span>
          </>
        ) : null}
        {solved}/{total}
      </span>
      <VisuallyHidden>
        {solved} of {total} solved{withoutHelp > 0 ? `, ${withoutHelp} without help` : ''}
      </VisuallyHidden>
    </Badge>
  );
}
