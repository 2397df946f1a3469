import type { ReviewRating } from '@exemplar/shared/reviews';

export interface Grade {
  rating: ReviewRating;
  label: string;
  /** The key that picks it once the answer is shown. */
  key: string;
  color: string;
}

/** The four grades of a recall, worst first, with their keys 1 to 4. */
export const GRADES: readonly Grade[] = [
  { rating: 'again', label: 'Again', key: '1', color: 'red' },
  { rating: 'hard', label: 'Hard', key: '2', color: 'orange' },
  { rating: 'good', label: 'Good', key: '3', color: 'teal' },
  { rating: 'easy', label: 'Easy', key: '4', color: 'blue' },
];

/** What the learner's last checked answer suggests: right unaided → Good, right with help → Hard, wrong → Again. */
export function suggestedRating(check: { correct: boolean; helped: boolean }): ReviewRating {
  if (!check.correct) return 'again';
  return check.helped ? 'hard' : 'good';
}

/** Keys typed into a field are the field's, not a grade. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (
    target.closest(
      'input, textarea, select, math-field, [contenteditable=""], [contenteditable="true"]',
    )
  ) {
    return true;
  }
  return false;
}
