// An example's answer spec inferred from its stored answer and question, at the level of the text:
// no Compute Engine, so it runs on the API's event loop (for every example of a list). The rules are
// in docs/decisions/041-answer-specs.md.
import type { AnswerForm, AnswerKind, AnswerSpec } from '@exemplar/shared/answer-spec';
import { splitMath } from '@exemplar/shared/math';
import { textOutcome } from './guards';
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
const RELATION_SEPARATORS = [
  '<',
  '>',
  '\\lt',
  '\\gt',
  '\\le',
  '\\leq',
  '\\ge',
  '\\geq',
  '\\leqslant',
  '\\geqslant',
];
/** One variable: a letter or Greek letter, perhaps with a subscript (`x`, `\sigma`, `Q_1`). */
const VARIABLE_RE = /^(?:[a-zA-Z]|\\[a-zA-Z]+)(?:_\{?[a-zA-Z0-9]+\}?)?$/;
const FUNCTION_NAMES = /^\\(?:sin|cos|tan|sec|csc|cot|ln|log|exp|gcd|min|max)$/;
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

/** A condition after the answer: `, where $k \in \mathbb{Z}$`, `for any integer $t$`. */
const CONDITION_RE =
  /,?\s*(?:where|for\s+(?:any|all|every|each|some)\s+(?:integers?|real\s+numbers?|reals?|natural\s+numbers?))\s+\$[^$]*\$[^$]*$/i;

/**
 * A stored answer without the remarks after it that are not part of the answer: a condition on
 * its letters (`, where $k \in \mathbb{Z}$`) or words in brackets (`(all solutions satisfy
 * $n \equiv 23 \pmod{105}$)`). The answer itself is left as written.
 */
export function withoutRemarks(answer: string): string {
  let text = answer.replace(/[\s.]+$/, '');
  if (text.endsWith(')')) {
    let depth = 0;
    for (let k = text.length - 1; k >= 0; k--) {
      if (text[k] === ')') depth++;
      else if (text[k] === '(' && --depth === 0) {
        const before = text.slice(0, k);
        const outsideMaths = (before.match(/(?<!\\)\$/g)?.length ?? 0) % 2 === 0;
        if (outsideMaths && /^\(\s*[a-zA-Z]{3,}/.test(text.slice(k)) && /\$/.test(before))
          text = before.trimEnd();
        break;
      }
    }
  }
  const condition = CONDITION_RE.exec(text);
  if (condition && /\$/.test(text.slice(0, condition.index))) text = text.slice(0, condition.index);
  return text === answer.replace(/[\s.]+$/, '') ? answer : text;
}

/**
 * The letter a condition after the answer declares a whole-number parameter
 * (`where $k \in \mathbb{Z}$`, `for any integer $t$`), or undefined.
 */
export function parameterOf(answer: string): string | undefined {
  const condition = CONDITION_RE.exec(answer);
  if (!condition) return undefined;
  const m =
    /\$\s*([a-zA-Z])\s*\\in\s*\\mathbb\s*\{?\s*[ZN]\s*\}?\s*\$/.exec(condition[0]) ??
    /\bintegers?\s+\$\s*([a-zA-Z])\s*\$/i.exec(condition[0]);
  return m?.[1];
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

/**
 * The parts a question asks for: without what an earlier part is changed to, nor the unlabelled
 * numbers the stored answer only repeats from the question ("About $6.7\%$ of students score above $84$" for "What proportion score
 * above $84$?"), as long as a part is left.
 */
export function partsAsked(question: string, items: StoredItem[]): StoredItem[] {
  if (items.length < 2) return items;
  const key = (m: string) => m.replace(/\s+|\\[,;:! ]/g, '');
  const given = new Set(
    splitMath(question)
      .filter((m) => m.kind !== 'text')
      .map((m) => key(m.value)),
  );
  // Nor is what an earlier part is changed to ("a sample of size $64$ halves it to $1.5$").
  const asked = items.filter(
    (i, k) =>
      !(k > 0 && i.result) &&
      (i.mathLabel !== undefined || !/^[\d.\\%{}^]+$/.test(key(i.math)) || !given.has(key(i.math))),
  );
  return asked.length > 0 ? asked : items;
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

/** The form a question asks for, from its words ("Expand", "Factorise", "exact", "Simplify"). */
export function formAsked(question: string): AnswerForm {
  // The question's words, its maths left out.
  const q = splitMath(question)
    .map((s) => (s.kind === 'text' ? s.value : ' '))
    .join('');
  const imperative = (verb: string) =>
    new RegExp(`(?:^|[.!?:]\\s+|\\)\\s*)(?:fully\\s+|completely\\s+)?(?:${verb})\\b`, 'i').test(q);
  if (imperative('expand')) return 'expanded';
  if (imperative('factori[sz]e|factor') || /\bfactori[sz]ation\b/i.test(q)) return 'factorised';
  // "exact value", "exact answers"; not "exactly".
  if (/\bexact\b/i.test(q)) return 'exact';
  if (imperative('simplify') || /\b(?:simplest form|lowest terms|fully simplified)\b/i.test(q))
    return 'simplified';
  return 'any';
}

/** The unit written in a part's maths (`\text{ m}^2`, `^\circ`, `\$`, `\%`) or after it. */
function unitOf(item: StoredItem): string | null {
  if (item.unitWords) return item.unitWords;
  const m = item.math;
  const text =
    /\\(?:text|mathrm|mbox|operatorname)\s*\{\s*([a-zA-Z][a-zA-Z/ ]*?)\s*\}(\s*\^\s*\{?\s*\d\s*\}?)?\s*$/.exec(
      m.replace(/\\approx.*$/, ''),
    ) ??
    /\\(?:text|mathrm|mbox)\s*\{\s*([a-zA-Z][a-zA-Z/ ]*?)\s*\}(\s*\^\s*\{?\s*\d\s*\}?)?\s*$/.exec(
      m,
    );
  if (text) {
    const unit = `${text[1]}${text[2] ? `^${text[2].replace(/[^\d]/g, '')}` : ''}`;
    if (writtenUnitKey(unit)) return unit;
  }
  if (/\^\s*\{?\s*\\circ\s*\}?|\\degree|°/.test(m)) return '°';
  if (/\\%/.test(m)) return '%';
  if (/\\\$/.test(m)) return '$';
  return null;
}

/** Half a unit in the last written place of a decimal (`0.2722` → 0.00005), or null. */
export function halfLastPlace(decimal: string): number | null {
  const m = /^\s*-?(\d+)\.(\d+)\s*(?:(?:\\times|\\cdot)\s*10\s*\^\s*\{?\s*(-?\d+)\s*\}?)?/.exec(
    decimal,
  );
  if (!m) return null;
  const places = m[2]!.length;
  const exponent = Number(m[3] ?? 0);
  const half = Number((0.5 * 10 ** (exponent - places)).toPrecision(6));
  return Number.isFinite(half) && half > 0 ? half : null;
}

/** The tolerance a value written as an approximation gives, or null for an exact value. */
export function toleranceOf(item: StoredItem): number | null {
  const approx = splitTop(item.math, ['\\approx']);
  if (approx.length >= 2)
    return halfLastPlace(approx.at(-1)!.replace(/\\(?:text|mathrm)\s*\{[^{}]*\}.*$/, ''));
  if (item.about) return halfLastPlace(item.math);
  return null;
}

const hasRelation = (math: string) => splitTop(math, RELATION_SEPARATORS).length > 1;
/** Letters that are unknowns (not `e`, `i`, `\pi`, units or function names). */
const hasUnknown = (math: string) =>
  /(?<![\\a-zA-Z])[a-df-hj-zA-Z](?![a-zA-Z])|\\(?:alpha|beta|gamma|theta|phi|lambda|mu|sigma|omega)(?![a-zA-Z])/.test(
    math
      .replace(/\\(?:text|mathrm|mbox|operatorname)\s*\{[^{}]*\}/g, ' ')
      .replace(/\\[a-zA-Z]+/g, (c) =>
        /\\(?:alpha|beta|gamma|theta|phi|lambda|mu|sigma|omega)$/.test(c) ? c : ' ',
      ),
  );

const RESTATED_RE = /\bor equivalently\b|\bequivalently\b|\bi\.e\.|\bthat is\b(?![^$]*\\approx)/i;

/** The question names the variable in its maths (`$3x + 2y = 16$` names x and y). */
function mentionsVariable(question: string, label: string): boolean {
  const name = label.replace(/^\\?/, '');
  const re = new RegExp(`(?<![a-zA-Z])\\\\?${name.replace(/[^a-z0-9]/gi, '')}(?![a-zA-Z])`);
  return splitMath(question).some((m) => m.kind !== 'text' && re.test(m.value));
}

/** A question that asks for a proof. */
const PROOF_RE = /^\s*(?:\([^)]*\)\s*)?(?:prove|show that|explain why|justify)\b/i;
/** More words than a list of labelled parts has: an explanation. */
const MAX_PROSE_WORDS = 6;

const spec = (kind: AnswerKind, fields: Partial<AnswerSpec> = {}): AnswerSpec => ({
  kind,
  form: 'any',
  unit: null,
  tolerance: null,
  choice: null,
  ...fields,
});

/**
 * The spec of an example without one set by an editor: from its stored answer (how many parts,
 * labelled or joined by "or", a relation, a unit, an approximation, a choice letter) and its
 * question (the form it asks for, a proof). Pure and fast: text only.
 */
export function inferAnswerSpec(question: string, stored: string): AnswerSpec {
  const answer = withoutRemarks(stored);
  const text = readStoredText(answer);
  // A choice's letter can always be typed, whatever its option says; its option's value must be
  // in the form the question asks for ("Which is the factorization of …").
  if (text.choice) return spec('choice', { choice: text.choice, form: formAsked(question) });
  if (textOutcome(answer, '0')?.kind === 'uncheckable' || PROOF_RE.test(question))
    return spec('none');
  const items = partsAsked(question, text.items);
  if (items.length === 0 || text.prose > MAX_PROSE_WORDS) return spec('none');
  const form = formAsked(question);
  if (items.length === 1) {
    const only = items[0]!;
    const math = only.math;
    if (hasRelation(math) || /\\in(?![a-zA-Z])/.test(math)) return spec('interval', { form });
    if (/^\s*[([].*,.*[)\]]\s*$/.test(math) && /\binterval\b/i.test(question))
      return spec('interval', { form });
    const unknown = hasUnknown(math.replace(/\\approx.*$/, ''));
    if (only.mathLabel && unknown && !FUNCTION_NAMES.test(only.mathLabel))
      return spec('equation', { form });
    if (unknown) return spec('expression', { form });
    const unit = unitOf(only);
    return spec('value', {
      form,
      // The contract keeps a unit to 30 characters (`square centimetres` fits).
      unit: unit && unit.length <= 30 ? unit : null,
      tolerance: form === 'exact' ? null : toleranceOf(only),
    });
  }
  if (items.some((i) => hasRelation(i.math))) return spec('interval', { form });
  // "…, or equivalently …": one answer written twice.
  if (items.length === 2 && RESTATED_RE.test(text.body)) {
    return spec(hasUnknown(items[0]!.math) ? 'equation' : 'value', { form });
  }
  const labels = items.flatMap((i) => i.mathLabel ?? (i.words.length > 0 ? i.words.join(' ') : []));
  const distinct = new Set(labels).size === labels.length;
  // A system's unknowns (`x = 4, y = 2`): solved together, matched by variable. Variables named
  // by words too (`population standard deviation $\sigma = 2$`) are labels, unless the question
  // names them as its unknowns.
  const system = items.every(
    (i) =>
      i.variable &&
      i.mathLabel &&
      (items.every((j) => j.words.length === 0) || mentionsVariable(question, i.mathLabel)),
  );
  if (labels.length >= 1 && distinct && !system && !text.joinedByOr) return spec('parts', { form });
  return spec('solutions', { form });
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
