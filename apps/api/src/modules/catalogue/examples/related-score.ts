// How alike two examples are, for "More like this" (ADR 051). The one place a ranking signal is
// added: the category, the words, and the share of the question's formula structure.
import type { SearchVocabulary } from '@exemplar/shared/search';
import type { RelatedRow } from './related.repository';

/** An example's stems, each with the weight of the heaviest field holding it. */
export type WeightedWords = Map<string, number>;

/** Field weights: the question weighs most, then the category's names, the answer, the rest. */
const FIELD_WEIGHTS = [
  ['search_question', 3],
  ['search_names', 2],
  ['search_answer', 1],
  ['search_rest', 1],
] as const;

/** What sharing the category adds: above most word overlaps, below a strong one. */
export const SAME_CATEGORY_SCORE = 4;

/**
 * What holding all of the source question's formula structure adds (ADR 050's structure tokens),
 * in proportion to the share held: a whole match weighs a little less than the category, more
 * than most shared words.
 */
export const SAME_FORMULA_SCORE = 3;

export function weightedWords(row: RelatedRow): WeightedWords {
  const words: WeightedWords = new Map();
  for (const [field, weight] of FIELD_WEIGHTS) {
    for (const w of row[field].split(' ')) {
      if (w && (words.get(w) ?? 0) < weight) words.set(w, weight);
    }
  }
  return words;
}

/**
 * How like `source` `candidate` is: SAME_CATEGORY_SCORE when they share a category, plus
 * SAME_FORMULA_SCORE times the share of the source question's formula structure the candidate
 * holds (`formulaShare`, 0 to 1), plus, for each stem both hold, the lighter of its two field
 * weights times how rare it is (a stem few examples hold says more than one most hold). 0: not
 * alike at all.
 */
export function relatedScore(
  source: { row: RelatedRow; words: WeightedWords },
  candidate: { row: RelatedRow; words: WeightedWords; formulaShare?: number },
  vocabulary: SearchVocabulary,
): number {
  let score = source.row.category_id === candidate.row.category_id ? SAME_CATEGORY_SCORE : 0;
  score += SAME_FORMULA_SCORE * (candidate.formulaShare ?? 0);
  for (const [w, weight] of source.words) {
    const other = candidate.words.get(w);
    if (other === undefined) continue;
    score += Math.min(weight, other) / Math.log2(1 + Math.max(1, vocabulary.count(w)));
  }
  return score;
}
