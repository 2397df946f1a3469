// An example's answer spec inferred from its stored answer and question, at the level of the text:
// no Compute Engine, so it runs on the API's event loop (for every example of a list). The rules are
// in docs/decisions/041-answer-specs.md.
import type { AnswerForm, AnswerKind, AnswerSpec } from '@exemplar/shared/answer-spec';
import { splitMath } from '@exemplar/shared/math';
import { textOutcome } from './guards';
import { INEQUALITY_SIGNS, relationsAsSigns } from './inequality-signs';
import { withoutRemarks } from './remarks';
import { splitTop } from './split-top';
import { FUNCTION_NAMES, readStoredText, type StoredItem } from './stored-text';
import { writtenUnitKey } from './units';

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

const hasRelation = (math: string) => splitTop(relationsAsSigns(math), INEQUALITY_SIGNS).length > 1;
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
