import { describe, expect, it } from 'vitest';
import { diffSummary, renderedDiff, renderedTokens, wordDiff } from './word-diff';

describe('word diffs of a version', () => {
  it('compares the source word by word, inside formulas too', () => {
    expect(wordDiff('Solve $x + 2 = 3$.', 'Solve $x + 1 = 3$.')).toEqual([
      { kind: 'same', text: 'Solve $x + ' },
      { kind: 'removed', text: '2' },
      { kind: 'added', text: '1' },
      { kind: 'same', text: ' = 3$.' },
    ]);
  });

  it('cuts the text as typeset: each formula whole with its delimiters, prose word by word', () => {
    expect(renderedTokens('Solve $x + 2 = 3$ for $$x$$ now.')).toEqual([
      'Solve',
      ' ',
      '$x + 2 = 3$',
      ' ',
      'for',
      ' ',
      '$$x$$',
      ' ',
      'now.',
    ]);
  });

  it('shows a changed formula removed and added whole, and unchanged prose and formulas as they were', () => {
    expect(
      renderedDiff('Solve $x + 2 = 3$ for $x$ quickly.', 'Solve $x + 1 = 3$ for $x$.'),
    ).toEqual([
      { kind: 'same', text: 'Solve ', words: 1 },
      { kind: 'removed', text: '$x + 2 = 3$', words: 1 },
      { kind: 'added', text: '$x + 1 = 3$', words: 1 },
      { kind: 'same', text: ' for $x$', words: 2 },
      { kind: 'removed', text: ' quickly.', words: 1 },
      { kind: 'added', text: '.', words: 1 },
    ]);
    expect(
      diffSummary(renderedDiff('Solve $x + 2 = 3$ for $x$ quickly.', 'Solve $x + 1 = 3$ for $x$.')),
    ).toBe('2 words added, 2 removed');
  });
});
