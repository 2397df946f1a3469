import { describe, expect, it } from 'vitest';
import { mathDatasetAnswer } from './math-dataset';

describe('mathDatasetAnswer', () => {
  // A bare answer is stored as maths, trimmed; one that already holds a dollar is kept as written,
  // and so are a blank answer and one that is not text.
  it.each<[unknown, unknown]>([
    ['5', '$5$'],
    ['  \\frac{2}{2} ', '$\\frac{2}{2}$'],
    ['1 < x \\le 5', '$1 < x \\le 5$'],
    ['\\$25', '\\$25'],
    ['$x$ and $y$', '$x$ and $y$'],
    ['   ', '   '],
    ['', ''],
    [7, 7],
    [undefined, undefined],
  ])('stores %j as %j', (answer, stored) => expect(mathDatasetAnswer(answer)).toBe(stored));
});
