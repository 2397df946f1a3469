/** Difficulty badge colour: easy green, intermediate yellow, hard red, insane dark, else grey. */
export function difficultyColor(name: string | null | undefined): string {
  switch (name?.trim().toLowerCase()) {
    case 'easy':
      return 'green';
    case 'intermediate':
      return 'yellow';
    case 'hard':
      return 'red';
    case 'insane':
      return 'dark';
    default:
      return 'gray';
  }
}
