// A stored answer's text read into its parts, at the level of the text (no Compute Engine): each
// part's maths, label, words, unit and whether it is an approximation, and how the parts are
// joined. Read by the spec inference (infer-spec.ts) and by the checks of parts.
import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import { splitMath } from '@exemplar/shared/math';
import { splitTop } from './split-top';
import { writtenUnitKey } from './units';

type Letter = NonNullable<AnswerSpec['choice']>;

/** One part of a stored answer as the text shows it. */
export interface StoredItem {
  /** The part's maths without its label (`\frac{5}{13}` of `\sin\theta = \frac{5}{13}`). */
  math: string;
  /** The part's maths as written, label included. */
  source: string;
  /** The maths on the left of the part's `=`, when it names the part (`\sin\theta`, `P(X = 3)`). */
  mathLabel?: string;
  /** The label is one variable (`x`, `\sigma`): a system's unknown rather than a name. */
  variable: boolean;
  /** Words naming the part (before or after its maths), lower case, filler words left out. */
  words: string[];
  /** A unit written as words after the maths (`m`, `m/s`, `months`), as written. */
  unitWords?: string;
  /** Written as an approximation: "about", "approximately" before it. */
  about: boolean;
  /** What an earlier part is changed to ("halves it to $1.5$"): not a part asked for. */
  result?: boolean;
}

/** Words before a value that make it what something else is changed to: "halves it to". */
const RESULT_RE = /\b(?:it|them|this)\s+to\s*$/i;

/** A stored answer's text, read into its parts (no Compute Engine). */
export interface StoredText {
  /** The letter of a multiple-choice answer (`(B) $65^\circ$`). */
  choice?: Letter;
  /** The text after the choice letter (the option's value). */
  body: string;
  items: StoredItem[];
  /** Parts joined by "or" (solutions) rather than "and" or commas. */
  joinedByOr: boolean;
  /** Words outside maths that are neither filler, units nor joints (how much prose there is). */
  prose: number;
}

const CHOICE_RE = /^\s*(?:\\text\{\s*)?\(([A-F])\)(?:\s*\})?\s*/;
/** Words that say nothing about which part is which. */
const FILLER = new Set(
  (
    'a an the of at is are was be it its to in on for by with from that this so then there ' +
    'and or about approximately approx roughly nearly around only giving gives give which ' +
    'equivalently that is ie i.e. e.g. eg where when while each total hence thus therefore ' +
    'one two three four five six seven eight nine ten'
  ).split(' '),
);
const ABOUT_RE = /\b(?:about|approximately|approx\.?|roughly|around|nearly)\s*$/i;
/** Top-level separators of a list inside one maths segment. */
const LIST_SEPARATORS = [
  ',',
  ';',
  '\\text{ or }',
  '\\text{or}',
  '\\text{ and }',
  '\\text{and}',
  '\\lor',
  '\\quad',
  '\\qquad',
];
/** One variable: a letter or Greek letter, perhaps with a subscript (`x`, `\sigma`, `Q_1`). */
const VARIABLE_RE = /^(?:[a-zA-Z]|\\[a-zA-Z]+)(?:_\{?[a-zA-Z0-9]+\}?)?$/;
export const FUNCTION_NAMES = /^\\(?:sin|cos|tan|sec|csc|cot|ln|log|exp|gcd|min|max)$/;
/** A unit written as words right after maths: `m`, `m/s`, `km/h`, `m/s^2`, `cm^3`, `months`. */
const UNIT_WORDS_RE =
  /^\s*([a-zA-Z]+(?:\s*\/\s*[a-zA-Z]+)?(?:\s*\^\s*\{?\d\}?|[²³])?)(?=$|[\s,.;:)])/;

/** Commands and spacing that never make maths name something (numbers, fractions, roots). */
const NUMERIC_COMMANDS =
  /\\(?:frac|dfrac|tfrac|sqrt|circ|degree|pi|cdot|times|left|right|displaystyle|approx|pm|mp|[,;:! ])(?![a-zA-Z])/g;

/** Maths that names something (letters, Greek, functions) rather than being a number. */
export function hasName(latex: string): boolean {
  return /[a-zA-Z\\]/.test(latex.replace(NUMERIC_COMMANDS, ' '));
}

/** A label as compared: no TeX wrappers, spacing or braces, lower case. */
export function labelKey(latex: string): string {
  return latex
    .replace(/\^\s*\{?\s*\\circ\s*\}?|\\degree(?![a-zA-Z])|°/g, 'deg')
    .replace(
      /\\(?:text|textrm|textnormal|mathrm|operatorname|mbox|textit|mathit|mathbf)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g,
      '$1',
    )
    .replace(/\\(?:left|right|displaystyle|bigl|bigr|big)(?![a-zA-Z])|\\[,;:! ]/g, '')
    .replace(/\\([a-zA-Z]+)/g, '$1')
    .replace(/[\s{}\\$]/g, '')
    .toLowerCase();
}

const contentWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/\\\$|\$/g, ' ')
    .split(/[^a-z0-9'-]+/)
    .filter((w) => w && !FILLER.has(w) && !/^\d/.test(w));

/** The parts of a stored answer's maths segment: its top-level list, each with its label. */
function mathItems(math: string, about: boolean): StoredItem[] {
  return splitTop(math, LIST_SEPARATORS)
    .map((p) => p.replace(/^(?:\s|\\[,;:! ]|\\quad|\\qquad)+|(?:\s|\\[,;:! ])+$/g, ''))
    .filter((p) => p !== '')
    .map((piece) => {
      const sides = splitTop(piece, ['=']);
      if (sides.length >= 2 && hasName(sides[0]!)) {
        const lhs = sides[0]!.trim();
        return {
          source: piece,
          math: sides.slice(1).join('=').trim(),
          mathLabel: labelKey(lhs),
          variable: VARIABLE_RE.test(lhs) && !FUNCTION_NAMES.test(lhs),
          words: [],
          about,
        };
      }
      const approx = splitTop(piece, ['\\approx']);
      const named = approx[0]!.trim();
      if (approx.length === 2 && (VARIABLE_RE.test(named) || /^[A-Z]{2,3}$/.test(named))) {
        const lhs = approx[0]!.trim();
        return {
          source: piece,
          math: approx[1]!.trim(),
          mathLabel: labelKey(lhs),
          variable: VARIABLE_RE.test(lhs),
          words: [],
          about: true,
        };
      }
      // Numbers written equal (`225^\circ = \frac{5\pi}{4}`): the last is the part's value.
      const math = sides.length >= 2 ? sides.at(-1)!.trim() : piece;
      return { source: piece, math, variable: false, words: [], about };
    });
}

/** Stored texts read lately (a stored answer is checked against many times). */
const textCache = new Map<string, StoredText>();
const TEXT_CACHE_SIZE = 500;

/** Reads a stored answer's text into its parts (see StoredText); the result is shared, not to be changed. */
export function readStoredText(answer: string): StoredText {
  let text = textCache.get(answer);
  if (!text) {
    text = readText(answer);
    if (textCache.size >= TEXT_CACHE_SIZE) textCache.delete(textCache.keys().next().value!);
    textCache.set(answer, text);
  }
  return text;
}

export function readText(answer: string): StoredText {
  const choice = CHOICE_RE.exec(answer);
  const body = choice ? answer.slice(choice[0].length) : answer;
  const segments = splitMath(body);
  const items: StoredItem[] = [];
  let pending = '';
  let joinedByOr = false;
  let prose = 0;
  const hasMaths = segments.some((s) => s.kind === 'inline' || s.kind === 'display');
  if (!hasMaths) {
    return {
      choice: choice?.[1] as Letter | undefined,
      body,
      items: body.trim() ? mathItems(body.trim(), false) : [],
      joinedByOr: /\\lor|\bor\b/.test(body),
      prose: 0,
    };
  }
  for (const s of segments) {
    if (s.kind === 'inline' || s.kind === 'display') {
      const found = mathItems(s.value, ABOUT_RE.test(pending));
      const first = found[0];
      if (first) first.words = contentWords(pending);
      if (first && RESULT_RE.test(pending)) first.result = true;
      items.push(...found);
      pending = '';
      continue;
    }
    let text = s.value;
    const last = items.at(-1);
    if (last && pending === '') {
      const unit = UNIT_WORDS_RE.exec(text);
      if (unit && writtenUnitKey(unit[1]!)) {
        last.unitWords = unit[1]!.replace(/\s+/g, '');
        text = text.slice(unit[0].length);
      }
    }
    // Words before the first joint belong to the part before; after the last, to the next part.
    const chunks = text.split(/[;,:]|\band\b|\bor\b|\bthat is\b/i);
    if (/\bor\b/i.test(text)) joinedByOr = true;
    prose += contentWords(text).length;
    if (last && chunks.length > 1) last.words.push(...contentWords(chunks[0]!));
    pending = chunks.length > 1 ? chunks.at(-1)! : text;
    if (!last) pending = text;
  }
  const last = items.at(-1);
  if (last && pending) last.words.push(...contentWords(pending));
  // A letter named in the prose (`for any integer $t$`) is not a part of the answer; nor is a
  // part that only restates the one before it in rounder words (`\approx 0.161`, "about $16\%$").
  const parts =
    items.length > 1
      ? items.filter(
          (item, k) =>
            (item.mathLabel !== undefined || !VARIABLE_RE.test(item.math.trim())) &&
            !(k > 0 && restates(item, items[k - 1]!)),
        )
      : items;
  return { choice: choice?.[1] as Letter | undefined, body, items: parts, joinedByOr, prose };
}

/** A decimal written as a part's value or its approximation (`\approx 0.161`, `16\%` as 0.16). */
function writtenDecimal(item: StoredItem): { value: number; half: number } | undefined {
  const last = splitTop(item.math, ['\\approx']).at(-1)!.trim();
  const m = /^(-?\d+(?:\.\d+)?)\s*(\\%)?$/.exec(last);
  if (!m) return undefined;
  const scale = m[2] ? 0.01 : 1;
  const places = m[1]!.split('.')[1]?.length ?? 0;
  return { value: Number(m[1]) * scale, half: 0.5 * 10 ** -places * scale };
}

/** An unlabelled "about …" part equal to the part before it, to its own rounding. */
function restates(item: StoredItem, before: StoredItem): boolean {
  if (!item.about || item.mathLabel !== undefined) return false;
  const a = writtenDecimal(item);
  const b = writtenDecimal(before);
  return a !== undefined && b !== undefined && Math.abs(a.value - b.value) <= a.half + 1e-12;
}

/**
 * A compound unit written as words after maths (`$0.75$ m/s`) moved into the maths
 * (`$0.75 \text{ m/s}$`), where the reading of units finds it; single-word units (`$7$ months`)
 * are read where they are.
 */
export function unitWordsIntoMaths(text: string): string {
  if (!text.includes('/') || !text.includes('$')) return text;
  const segments = splitMath(text);
  let out = '';
  segments.forEach((s, i) => {
    const next = segments[i + 1];
    const isMath = s.kind === 'inline' || s.kind === 'display';
    const unit = isMath && next?.kind === 'text' ? UNIT_WORDS_RE.exec(next.value) : null;
    if (isMath && unit && unit[1]!.includes('/') && writtenUnitKey(unit[1]!)) {
      out += `$${s.value} \\text{ ${unit[1]!.replace(/\s+/g, '')}}$`;
      next!.raw = next!.raw.slice(next!.raw.indexOf(unit[1]!) + unit[1]!.length);
      return;
    }
    out += s.raw;
  });
  return out;
}
