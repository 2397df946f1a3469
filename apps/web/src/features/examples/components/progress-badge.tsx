import { Badge, VisuallyHidden } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { masteryLabel, MasteryRing } from '../../../components/mastery-ring';
import type { ProgressCounts } from '../api/get-progress';
import classes from './examples.module.css';

/** Filled shades dark enough for white text (WCAG AA 4.5:1, checked by e2e/a11y.e2e.ts). */
const FILLED = { gray: 'gray.7', brand: 'brand.7', teal: 'teal.9' } as const;

/**
 * 'solved/total' of a category for the signed-in user: grey before the first solve, brand while
 * under way, teal when all are solved; before it, with sparkles, how many were solved without help
 * when any were; after it, with a ring filled to mastered/total, how many are mastered (remembered
 * over at least 3 weeks in the learner's reviews) when any are. Read out as '3 of 12 solved, 2
 * without help, 4 of 12 examples mastered: remembered over at least 3 weeks'.
 */
export function ProgressBadge({
  counts,
  active = false,
}: {
  counts: Pick<ProgressCounts, 'solved' | 'total' | 'withoutHelp' | 'mastered'> | undefined;
  /** On the chosen category (a light brand background): filled, so it stands out. */
  active?: boolean;
}) {
  if (!counts || counts.total === 0) return null;
  const { solved, total, withoutHelp, mastered } = counts;
  const color = solved >= total ? 'teal' : solved > 0 ? 'brand' : 'gray';
  const said = [
    `${solved} of ${total} solved`,
    withoutHelp > 0 ? `${withoutHelp} without help` : null,
    mastered > 0 ? masteryLabel(mastered, total) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Badge
      size="sm"
      variant={active ? 'filled' : 'light'}
      color={active ? FILLED[color] : color}
      tt="none"
      className={classes.progressBadge}
      data-testid="progress-badge"
      title={said}
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
        {mastered > 0 ? (
          <>
            <span className={classes.progressBadgeSeparator}>·</span>
            <MasteryRing mastered={mastered} total={total} size={11} />
            <span data-testid="mastered-count">{mastered}</span>
          </>
        ) : null}
      </span>
      <VisuallyHidden>{said}</VisuallyHidden>
    </Badge>
  );
}
