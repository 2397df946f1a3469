import { describe, expect, it } from 'vitest';
import { mathDatasetAnswer } from './math-dataset';

describe('mathDatasetAnswer', () => {
  it('stores a bare answer as maths, trimmed', () => {
    expect(mathDatasetAnswer('5')).toBe('$5$');
    expect(mathDatasetAnswer('  \\frac{2}{2} ')).toBe('$\\frac{2}{2}$');
    expect(mathDatasetAnswer('1 < x \\le 5')).toBe('$1 < x \\le 5$');
  });

  it('keeps an answer that already holds a dollar as written', () => {
    expect(mathDatasetAnswer('\\$25')).toBe('\\$25');
    expect(mathDatasetAnswer('$x$ and $y$')).toBe('$x$ and $y$');
  });

  it('keeps a blank answer and one that is not text as they are', () => {
    expect(mathDatasetAnswer('   ')).toBe('   ');
    expect(mathDatasetAnswer('')).toBe('');
    expect(mathDatasetAnswer(7)).toBe(7);
    expect(mathDatasetAnswer(undefined)).toBeUndefined();
  });
});
