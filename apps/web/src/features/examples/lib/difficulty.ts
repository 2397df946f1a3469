// The badge colour is shared with the admin screen, so it lives in lib/.
export { difficultyColor } from '../../../lib/difficulty-color';

export type DifficultyIconKind =
  { kind: 'dot'; color: 'green' | 'yellow' | 'red' } | { kind: 'star' };

/** Difficulty icon: easy green, intermediate yellow, hard red, any other a star. */
export function difficultyIcon(name: string | null | undefined): DifficultyIconKind {
  switch (name?.trim().toLowerCase()) {
    case 'easy':
      return { kind: 'dot', color: 'green' };
    case 'intermediate':
      return { kind: 'dot', color: 'yellow' };
    case 'hard':
      return { kind: 'dot', color: 'red' };
    default:
      return { kind: 'star' };
  }
}

/** 'easy' → 'Easy' for labels. */
export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
