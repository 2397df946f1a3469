import { stem } from './stem';
import { SYNONYM_GROUPS } from './synonyms';
import { plainWords, searchTokens } from './words';

/**
 * A learner's query as the engines run it: every group must match (AND), a group matching when
 * any of its terms does (OR). A term is one stem, or a phrase of stems in a row; the last word
 * typed may be a prefix (the learner may not have finished it). `words` are the query's own stems
 * (typos corrected), in order: two or more rank the examples holding them in a row, in the
 * question or the names, first.
 */
export interface SearchTerm {
  words: string[];
  prefix: boolean;
}
export interface SearchQuery {
  groups: SearchTerm[][];
  words: string[];
}

/** The stems indexed, with how many examples hold each: what typos are corrected against. */
export interface SearchVocabulary {
  count(stem: string): number;
  hasPrefix(stem: string): boolean;
}

/** A vocabulary from (stem, examples holding it) pairs. */
export function searchVocabulary(entries: Iterable<[string, number]>): SearchVocabulary {
  const counts = new Map(entries);
  const sorted = [...counts.keys()].sort();
  return {
    count: (s) => counts.get(s) ?? 0,
    hasPrefix(s) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < s) lo = mid + 1;
        else hi = mid;
      }
      return lo < sorted.length && sorted[lo]!.startsWith(s);
    },
  };
}

/** The most words of a query read. */
export const QUERY_WORDS_MAX = 10;
/** Words this long or longer get one typo corrected. */
export const TYPO_MIN_LENGTH = 5;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string one edit (deletion, swap of neighbours, change, insertion) away from `w`. */
function oneEditAway(w: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const head = w.slice(0, i);
    const tail = w.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const ch of LETTERS) {
      if (tail && ch !== tail[0]) out.add(head + ch + tail.slice(1));
      out.add(head + ch + tail);
    }
  }
  out.delete(w);
  return out;
}

/**
 * The indexed stems one typo away from `word` (the word or its stem changed by one edit, then
 * stemmed), the most common first, at most two.
 */
export function corrections(word: string, vocabulary: SearchVocabulary): string[] {
  if (word.length < TYPO_MIN_LENGTH || !/^[a-z]+$/.test(word)) return [];
  const found = new Map<string, number>();
  for (const source of new Set([word, stem(word)])) {
    for (const edit of oneEditAway(source)) {
      const s = stem(edit);
      const n = vocabulary.count(s);
      if (n > 0) found.set(s, n);
    }
  }
  return [...found]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 2)
    .map(([s]) => s);
}

let groups: string[][][] | undefined;
/** The synonym groups as stem phrases (computed once). */
function synonymGroups(): string[][][] {
  groups ??= SYNONYM_GROUPS.map((g) => {
    const members = g.map((m) => searchTokens(m)).filter((m) => m.length > 0);
    return [...new Map(members.map((m) => [m.join(' '), m])).values()];
  });
  return groups;
}

/** The longest synonym member starting at `at` in `stems`, with its group. */
function synonymAt(stems: string[], at: number) {
  let best: { group: string[][]; length: number } | undefined;
  for (const group of synonymGroups()) {
    for (const member of group) {
      if (member.length <= (best?.length ?? 0) || at + member.length > stems.length) continue;
      if (member.every((s, k) => stems[at + k] === s)) best = { group, length: member.length };
    }
  }
  return best;
}

/**
 * The query for `text`; undefined when it holds no word to search for. Without a vocabulary no
 * typo is corrected.
 */
export function parseSearchQuery(
  text: string | undefined,
  vocabulary?: SearchVocabulary,
): SearchQuery | undefined {
  if (!text) return undefined;
  const words = [...new Set(plainWords(text))].slice(0, QUERY_WORDS_MAX);
  if (words.length === 0) return undefined;
  const last = words.length - 1;
  // Each word's stem, or the stem its typo stands for when nothing indexed starts with it.
  const stems: string[] = [];
  const extra: string[][] = [];
  words.forEach((word, i) => {
    const s = stem(word);
    const known = !vocabulary || (i === last ? vocabulary.hasPrefix(s) : vocabulary.count(s) > 0);
    const fixes = known ? [] : corrections(word, vocabulary);
    stems.push(fixes[0] ?? s);
    extra.push(fixes.slice(1));
  });
  const result: SearchTerm[][] = [];
  for (let i = 0; i < stems.length;) {
    const synonyms = synonymAt(stems, i);
    if (synonyms) {
      result.push(synonyms.group.map((words) => ({ words, prefix: false })));
      i += synonyms.length;
      continue;
    }
    const prefix = i === last && stems[i]!.length >= 3 && stems[i] === stem(words[i]!);
    result.push([
      { words: [stems[i]!], prefix },
      ...extra[i]!.map((s) => ({ words: [s], prefix: false })),
    ]);
    i++;
  }
  return { groups: result, words: stems };
}
