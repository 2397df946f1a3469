/**
 * How long an example must be remembered to count as mastered, in weeks: MASTERY_STABILITY_DAYS
 * of @exemplar/shared/reviews (21 days: in review, not failed since, with an FSRS stability of at
 * least 3 weeks), which this first-load code cannot import without zod (mastery-ring.test.tsx
 * keeps the two equal).
 */
export const MASTERY_WEEKS = 3;

/** What mastered means, in plain words: 'remembered over at least 3 weeks'. */
export const MASTERY_MEANING = `remembered over at least ${MASTERY_WEEKS} weeks`;

/** '4 of 12 examples mastered: remembered over at least 3 weeks' (one example: 'example'). */
export function masteryLabel(mastered: number, total: number) {
  return `${mastered} of ${total} ${total === 1 ? 'example' : 'examples'} mastered: ${MASTERY_MEANING}`;
}

const RADIUS = 5;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The track and the filled arc share one circle: centred in the 14-unit box, 2.5 wide. */
const RING = {
  cx: 7,
  cy: 7,
  r: RADIUS,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
} as const;

/**
 * A small ring filled to mastered/total, drawn in the surrounding text colour (a faint track, a
 * solid arc), so it reads on any badge or background in light and dark. Decorative: the caller
 * says the counts in words (masteryLabel).
 */
export function MasteryRing({
  mastered,
  total,
  size = 12,
}: {
  mastered: number;
  total: number;
  size?: number;
}) {
  const share = total === 0 ? 0 : Math.min(1, mastered / total);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 14 14"
      aria-hidden
      focusable="false"
      data-testid="mastery-ring"
      style={{ flex: 'none' }}
    >
      <circle {...RING} opacity={0.3} />
      <circle
        {...RING}
        strokeLinecap={share > 0 && share < 1 ? 'round' : 'butt'}
        strokeDasharray={`${share * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
        transform="rotate(-90 7 7)"
      />
    </svg>
  );
}
