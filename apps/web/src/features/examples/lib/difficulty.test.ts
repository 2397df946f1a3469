import { describe, expect, it } from 'vitest';
import { capitalise, difficultyColor, difficultyIcon } from './difficulty';

describe('difficulty look', () => {
  it('colours the badge: easy green, intermediate yellow, hard red, insane dark, else grey', () => {
    expect(difficultyColor('easy')).toBe('green');
    expect(difficultyColor('Intermediate')).toBe('yellow');
    expect(difficultyColor(' HARD ')).toBe('red');
    expect(difficultyColor('insane')).toBe('dark');
    expect(difficultyColor('legendary')).toBe('gray');
    expect(difficultyColor(undefined)).toBe('gray');
  });

  it('picks the icon: coloured dots for easy, intermediate, hard; a star for anything else', () => {
    expect(difficultyIcon('easy')).toEqual({ kind: 'dot', color: 'green' });
    expect(difficultyIcon('intermediate')).toEqual({ kind: 'dot', color: 'yellow' });
    expect(difficultyIcon('hard')).toEqual({ kind: 'dot', color: 'red' });
    expect(difficultyIcon('insane')).toEqual({ kind: 'star' });
    expect(difficultyIcon(undefined)).toEqual({ kind: 'star' });
  });

  it('capitalises labels', () => {
    expect(capitalise('easy')).toBe('Easy');
    expect(capitalise('')).toBe('');
  });
});
