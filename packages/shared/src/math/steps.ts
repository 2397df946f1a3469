import { splitMath, type MathSegment } from './split-math';

/**
 * A procedure as the steps a learner reveals one at a time.
 *
 * - A procedure written in paragraphs (blank-line separated) has one step per paragraph.
 * - Otherwise (one paragraph, as the MATH corpus writes most, or paragraphs that are only a
 *   sentence and the formulas it introduces) it is split into sentences: after `.`, `!` or `?`
 *   (closing brackets and quotes may follow) and white space, before a capital letter (an opening
 *   bracket or quote may come first) or before maths; and after display maths, before a
 *   capitalised word (`…\end{align*}We use…`), or before any capital when the maths ends with a
 *   full stop or ends its line (`…:\n$$x = 6$$\nThen …`). No cut after an abbreviation ("e.g.", "i.e.", "Mr.", "etc.": the
 *   list below), none before a digit or a lower-case word ("Eq. 3", "the sum. and") and none
 *   inside a number ("3.5" has no space after its point).
 * - Cuts are only ever made in prose: never inside `$…$`, `$$…$$`, `\(…\)`, `\[…\]`, a bare
 *   environment or an `[asy]` figure, as splitMath reads the text.
 * - A sentence too short to stand alone as a step (fewer than {@link MIN_STEP_WORDS} words, a
 *   maths expression counting as one word and display maths or a figure as none) joins the step
 *   before it (the first piece joins the one after it). Paragraphs are the author's steps: only
 *   one with no word at all (a formula or a figure on its own) joins its neighbour. Either way a
 *   piece that opens with display maths after a step ending mid-sentence ("… gives:" then the
 *   formula) joins the step before it.
 *
 * Each step is a trimmed slice of the procedure, in order; joined with white space they give back
 * the procedure (modulo white space). An empty procedure has no steps.
 */
export function procedureSteps(procedure: string): string[] {
  if (!procedure.trim()) return [];
  const segments = splitMath(procedure);
  const paragraphs = mergeShort(procedure, ranges(procedure, cuts(segments, 'paragraph')), 1);
  if (paragraphs.length > 1) return paragraphs;
  return mergeShort(procedure, ranges(procedure, cuts(segments, 'sentence')), MIN_STEP_WORDS);
}

/** A step has at least this many words (prose words; each inline maths expression is one). */
export const MIN_STEP_WORDS = 2;

/**
 * Words before a full stop that do not end a sentence (lower-cased, inner points kept). Single
 * letters are not in it: "the point $A$." and "triangle ABC." end sentences in geometry.
 */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g',
  'i.e',
  'eg',
  'ie',
  'cf',
  'etc',
  'vs',
  'viz',
  'approx',
  'resp',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'eq',
  'eqs',
  'eqn',
  'fig',
  'figs',
  'thm',
  'lem',
  'prop',
  'def',
  'sec',
  'ch',
  'p',
  'pp',
  'ex',
]);

const SENTENCE_END = /[.!?]["')\]’”]*$/;
const SENTENCE_START = /^["'([‘“]?[A-Z]/;

/** Positions (offsets into the procedure) where one piece ends and the next begins. */
function cuts(segments: MathSegment[], kind: 'paragraph' | 'sentence'): number[] {
  const found: number[] = [];
  let offset = 0;
  segments.forEach((segment, index) => {
    const start = offset;
    offset += segment.raw.length;
    if (segment.kind !== 'text') return;
    const raw = segment.raw;
    if (kind === 'paragraph') {
      for (const match of raw.matchAll(/\n[ \t\r]*\n\s*/g)) {
        found.push(start + match.index + match[0].length);
      }
      return;
    }
    const previous = segments[index - 1];
    const next = segments[index + 1];
    if (previous?.kind === 'display') {
      // Right after display maths, a sentence starts with a capitalised word ("…\end{align*}We
      // use…", "$$…$$ Note that…"), or with any capital when the maths ends its line or ends
      // with a full stop.
      const lead = /^\s*/.exec(raw)![0];
      const rest = raw.slice(lead.length);
      const value = previous.value.trimEnd();
      const endsWithStop = /[.!?]$/.test(value) && !/\\[a-zA-Z]+\.$/.test(value);
      if (
        /^[A-Z][a-z]/.test(rest) ||
        (SENTENCE_START.test(rest) && (lead.includes('\n') || endsWithStop))
      ) {
        found.push(start + lead.length);
      }
    }
    for (const match of raw.matchAll(/\s+/g)) {
      const at = match.index;
      const after = at + match[0].length;
      const before = raw.slice(Math.max(0, at - 40), at); // enough to see the word before
      const rest = raw.slice(after);
      // What follows must open a sentence: a capital letter, or maths when this text ends here.
      const startsSentence =
        rest.length > 0
          ? SENTENCE_START.test(rest)
          : next?.kind === 'inline' || next?.kind === 'display';
      if (!startsSentence) continue;
      if (at === 0) continue; // after maths: decided above, or no sentence end
      if (!SENTENCE_END.test(before)) continue;
      if (isAbbreviation(before)) continue;
      found.push(start + after);
    }
  });
  return found;
}

/** Whether the full stop ending `before` ends an abbreviation rather than a sentence. */
function isAbbreviation(before: string): boolean {
  const word = /([A-Za-z][A-Za-z.]*)\.["')\]’”]*$/.exec(before)?.[1];
  return word !== undefined && ABBREVIATIONS.has(word.toLowerCase());
}

/** The pieces between cuts, as [from, to) ranges of the procedure, white space trimmed. */
function ranges(text: string, at: number[]): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let from = 0;
  for (const cut of [...at, text.length]) {
    const piece = text.slice(from, cut);
    const lead = piece.length - piece.trimStart().length;
    const trail = piece.length - piece.trimEnd().length;
    if (piece.trim()) found.push([from + lead, cut - trail]);
    from = cut;
  }
  return found;
}

/** Prose words plus one per inline maths expression; display maths and figures count none. */
function words(piece: string): number {
  let count = 0;
  for (const segment of splitMath(piece)) {
    if (segment.kind === 'text') count += segment.raw.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    else if (segment.kind === 'inline') count += 1;
  }
  return count;
}

/**
 * Whether the piece [from, to) carries on the step before it: it opens with display maths and that
 * step ends mid-sentence ("… by the distance formula," then the formula in a paragraph of its own).
 */
function continues(
  text: string,
  last: [number, number] | undefined,
  from: number,
  to: number,
): boolean {
  if (!last || /[.!?]["')\]’”]*$/.test(text.slice(last[0], last[1]))) return false;
  return splitMath(text.slice(from, to))[0]?.kind === 'display';
}

/**
 * Joins each piece of fewer than `minWords` words, or carrying on mid-sentence, to the step before
 * it (a first piece to the one after it); slices them.
 */
function mergeShort(text: string, pieces: Array<[number, number]>, minWords: number): string[] {
  const steps: Array<[number, number]> = [];
  let pending = -1; // start of a short first piece, waiting for the one after it
  for (const [from, to] of pieces) {
    const start = pending >= 0 ? pending : from;
    pending = -1;
    const last = steps[steps.length - 1];
    if (words(text.slice(from, to)) >= minWords && !continues(text, last, from, to)) {
      steps.push([start, to]);
    } else if (last) last[1] = to;
    else pending = start;
  }
  if (pending >= 0) steps.push([pending, text.trimEnd().length]);
  return steps.map(([from, to]) => text.slice(from, to));
}
