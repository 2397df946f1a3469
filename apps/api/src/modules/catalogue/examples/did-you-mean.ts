// "Did you mean …?" for a search that found nothing (ADR 051): the query with its typos corrected
// as parseSearchQuery corrects them, written back as words, and the query with a word left out;
// only those that find something are offered, nearest first.
import {
  QUERY_WORDS_MAX,
  corrections,
  plainWords,
  stem,
  type SearchVocabulary,
} from '@exemplar/shared/search';
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { textsHolding } from './example-search.repository';

/** The most searches offered, and the most tried to find them. */
export const DID_YOU_MEAN_MAX = 3;
const TRIES_MAX = 8;

/** `term` (a stem) as a word a learner reads: one that stems to it in a question or name. */
async function writtenAs(
  db: Kysely<Database>,
  engine: Engine,
  term: string,
): Promise<string | undefined> {
  for (const text of await textsHolding(db, engine, term)) {
    const word = plainWords(text).find((w) => stem(w) === term);
    if (word) return word;
  }
  return undefined;
}

/** Searches near `q` that find something (`finds`), nearest first; none when `q` has no word. */
export async function didYouMean(
  db: Kysely<Database>,
  engine: Engine,
  q: string,
  vocabulary: SearchVocabulary,
  finds: (q: string) => Promise<boolean>,
): Promise<string[]> {
  const words = [...new Set(plainWords(q))].slice(0, QUERY_WORDS_MAX);
  if (words.length === 0) return [];
  const last = words.length - 1;
  // Each word as typed, or the word its typo stands for (the most common correction).
  const fixed = await Promise.all(
    words.map(async (word, i) => {
      const s = stem(word);
      const known = i === last ? vocabulary.hasPrefix(s) : vocabulary.count(s) > 0;
      if (known) return word;
      const [fix] = corrections(word, vocabulary);
      return (fix && (await writtenAs(db, engine, fix))) ?? word;
    }),
  );
  const tries: string[] = [fixed.join(' ')];
  if (fixed.length > 1) {
    for (let i = 0; i < fixed.length; i++) tries.push(fixed.filter((_, k) => k !== i).join(' '));
    tries.push(...fixed);
  }
  const typed = words.join(' ');
  const found: string[] = [];
  for (const t of [...new Set(tries)].filter((t) => t !== typed).slice(0, TRIES_MAX)) {
    if (await finds(t)) found.push(t);
    if (found.length === DID_YOU_MEAN_MAX) break;
  }
  return found;
}
