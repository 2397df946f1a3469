import { searchVocabulary } from '@exemplar/shared/search';
import { describe, expect, it } from 'vitest';
import { candidateTerms, RELATED_POSTINGS_MAX } from './related';
import type { RelatedRow } from './related.repository';

const row = (question: string, names = ''): RelatedRow => ({
  id: 1,
  category_id: 1,
  search_question: question,
  search_names: names,
  search_answer: '',
  search_rest: '',
});

describe('candidateTerms: the stems "More like this" asks the index for', () => {
  it('asks for the rarest stems first, of the question and the names, each once', () => {
    const vocabulary = searchVocabulary([
      ['find', 90],
      ['hypotenus', 2],
      ['triangl', 12],
      ['geometri', 30],
    ]);
    expect(
      candidateTerms(row('find hypotenus triangl find', 'geometri triangl'), vocabulary),
    ).toEqual(['hypotenus', 'triangl', 'geometri', 'find']);
  });

  it('stops before the stems held by more examples than the postings allowed in all', () => {
    const vocabulary = searchVocabulary([
      ['find', RELATED_POSTINGS_MAX],
      ['valu', RELATED_POSTINGS_MAX / 2],
      ['parabola', 40],
      ['vertex', 60],
    ]);
    // 40 + 60 + 1,000 fits; the commonest stem, held by 2,000 more, would read too much.
    expect(candidateTerms(row('find valu parabola vertex'), vocabulary)).toEqual([
      'parabola',
      'vertex',
      'valu',
    ]);
  });

  it('asks for at most 30 stems, and never for one the index cannot read as it is', () => {
    const stems = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const vocabulary = searchVocabulary(stems.map((s) => [s, 1]));
    const terms = candidateTerms(row(`${stems.join(' ')} x-y "q"`), vocabulary);
    expect(terms).toHaveLength(30);
    expect(terms.every((t) => /^[a-z0-9]+$/.test(t))).toBe(true);
  });
});
