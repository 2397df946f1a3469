import type {
  HealthDone,
  HealthProblem,
  HealthProblemKind,
} from '@exemplar/shared/catalogue-health';

/** Each kind of problem as the Health tab names it, and its badge colour. */
export const HEALTH_KINDS: Readonly<Record<HealthProblemKind, { label: string; color: string }>> = {
  'render-error': { label: 'Maths fails to render', color: 'red' },
  'leaked-delimiter': { label: 'Delimiter shown as text', color: 'orange' },
  'bare-latex': { label: 'LaTeX outside maths', color: 'yellow' },
  'empty-procedure': { label: 'Empty procedure', color: 'blue' },
  'empty-category': { label: 'Empty category', color: 'gray' },
  'test-answer': { label: 'Test answer not as expected', color: 'grape' },
};

/** The filter's value for every kind. */
export const ALL_KINDS = 'all';
export type KindFilter = HealthProblemKind | typeof ALL_KINDS;

const numbers = new Intl.NumberFormat('en');
/** 12000 → "12,000". */
export const formatCount = (n: number) => numbers.format(n);

/** "Checked 12,000 of 100,000 examples" (or "Counting the examples" before the count is known). */
export function progressText(checked: number, total: number): string {
  if (total === 0 && checked === 0) return 'Counting the examples…';
  return `Checked ${formatCount(checked)} of ${formatCount(total)} ${total === 1 ? 'example' : 'examples'}`;
}

/** The problems count of the whole catalogue (listed or not). */
export function problemTotal(health: HealthDone): number {
  return Object.values(health.counts).reduce((sum, n) => sum + n, 0);
}

/** The listed problems of `kind` (all of them for ALL_KINDS). */
export function problemsOf(problems: HealthProblem[], kind: KindFilter): HealthProblem[] {
  return kind === ALL_KINDS ? problems : problems.filter((p) => p.kind === kind);
}

/** How many of the chosen kind exist but are not listed (the server lists the first 1,000 of each). */
export function unlistedOf(health: HealthDone, kind: KindFilter): number {
  const counted = kind === ALL_KINDS ? problemTotal(health) : health.counts[kind];
  return counted - problemsOf(health.problems, kind).length;
}
