import { describe, expect, it } from 'vitest';
import { searchDocument } from './document';
import { corrections, parseSearchQuery, searchVocabulary } from './query';
import { SYNONYM_GROUPS } from './synonyms';
import { plainWords, searchTokens } from './words';

const vocabulary = searchVocabulary([
  ['integr', 12],
  ['pythagora', 1],
  ['pythagorean', 2],
  ['theorem', 9],
  ['deriv', 6],
  ['hypotenus', 3],
  ['triangl', 20],
]);

describe('search words', () => {
  it('reads maths commands as words and folds accents', () => {
    expect(plainWords(String.raw`Evaluate $\int_0^1 \frac{\ln x}{x}\,dx$ by l'Hôpital`)).toEqual([
      'evaluate',
      'integral',
      'fraction',
      'natural',
      'logarithm',
      'dx',
      'hopital',
    ]);
  });

  it('builds a document of four stemmed fields', () => {
    const doc = searchDocument(
      { question: 'Find the integrals', answer: '$\\sqrt{2}$', procedure: null },
      {
        names: ['Integration by Parts', 'Calculus'],
        descriptions: ['Reversing the product rule.'],
      },
    );
    expect(doc).toEqual({
      question: 'find integr',
      names: 'integr part calculu',
      answer: 'squar root',
      rest: 'revers product rule',
    });
  });
});

describe('parseSearchQuery', () => {
  it('stems words and lets the last one be a prefix', () => {
    expect(parseSearchQuery('triangles of', vocabulary)).toEqual({
      groups: [[{ words: ['triangl'], prefix: true }]],
      words: ['triangl'],
    });
    expect(parseSearchQuery('the of')).toBeUndefined();
  });

  it('expands a synonym into an OR group of phrases', () => {
    const q = parseSearchQuery('pythagoras triangle', vocabulary)!;
    expect(q.groups[0]).toContainEqual({ words: ['pythagorean', 'theorem'], prefix: false });
    expect(q.groups[0]).toContainEqual({ words: ['hypotenus'], prefix: false });
    expect(q.groups[1]).toEqual([{ words: ['triangl'], prefix: true }]);
    expect(q.words).toEqual(['pythagora', 'triangl']);
  });

  it('corrects one typo in a word of five letters or more against the indexed stems', () => {
    expect(corrections('integrel', vocabulary)).toEqual(['integr']);
    expect(corrections('derivitive', vocabulary)).toEqual(['deriv']);
    expect(corrections('tringle', vocabulary)).toEqual(['triangl']);
    expect(corrections('thrm', vocabulary)).toEqual([]);
    expect(parseSearchQuery('integrel', vocabulary)!.groups[0]![0]!.words).toEqual(['integr']);
    // A known word is never corrected.
    expect(parseSearchQuery('theorem', vocabulary)!.groups).toEqual([
      [{ words: ['theorem'], prefix: true }],
    ]);
  });

  it('keeps every synonym group searchable (no member reduced to nothing)', () => {
    expect(SYNONYM_GROUPS.length).toBeGreaterThanOrEqual(30);
    for (const group of SYNONYM_GROUPS) {
      for (const member of group) expect(searchTokens(member), member).not.toEqual([]);
    }
  });
});
