import type {
  AnswerForm,
  AnswerKind,
  AnswerSpec,
  TestAnswer,
  TriedAnswer,
} from '@exemplar/shared/answer-spec';

/** Each kind of answer in plain words, for the editor's select. */
export const KIND_LABELS: Record<AnswerKind, string> = {
  value: 'A number or quantity',
  expression: 'An expression',
  equation: 'An equation',
  solutions: 'Solutions, in any order',
  parts: 'Several parts, in order',
  interval: 'An interval or inequality',
  choice: 'Multiple choice',
  none: 'Not checked: compared by hand',
};

/** Each form an answer may be asked in, in plain words. */
export const FORM_LABELS: Record<AnswerForm, string> = {
  any: 'Any equivalent form',
  expanded: 'Expanded (no brackets left)',
  factorised: 'Factorised',
  simplified: 'Simplified (lowest terms, simplest roots)',
  exact: 'Exact (no decimals)',
};

/** The spec of a new one set by hand when nothing was inferred yet. */
export const DEFAULT_SPEC: AnswerSpec = {
  kind: 'value',
  form: 'any',
  unit: null,
  tolerance: null,
  choice: null,
};

/**
 * A spec after its kind changed: a multiple choice keeps its letter only while it is one, and an
 * answer not checked has no form, unit or tolerance (the shared schema's rules).
 */
export function withKind(spec: AnswerSpec, kind: AnswerKind): AnswerSpec {
  if (kind === 'none') return { ...DEFAULT_SPEC, kind };
  return { ...spec, kind, choice: kind === 'choice' ? spec.choice : null };
}

/** 'Multiple choice, letter B' or 'An equation, factorised, in m/s, within 0.005'. */
export function describeSpec(spec: AnswerSpec): string {
  const parts = [KIND_LABELS[spec.kind]];
  if (spec.kind === 'choice' && spec.choice) parts.push(`letter ${spec.choice}`);
  if (spec.form !== 'any') parts.push(FORM_LABELS[spec.form].replace(/ \(.*\)$/, '').toLowerCase());
  if (spec.unit) parts.push(`in ${spec.unit}`);
  if (spec.tolerance !== null) parts.push(`within ${spec.tolerance}`);
  return parts.join(', ');
}

/** How the checker answered one tried answer, in a word or two and the words a learner would read. */
export function verdictWords(tried: TriedAnswer): { word: string; detail?: string } {
  if ('refused' in tried) return { word: 'Not read', detail: tried.refused };
  if (tried.checkable === false) return { word: 'Not checked', detail: tried.feedback };
  return { word: tried.correct ? 'Accepted' : 'Refused', detail: tried.feedback };
}

/**
 * Whether the checker now does what a kept test answer expects: a "must be accepted" answer is
 * accepted, a "must be refused" one is not (refused as wrong, or not read: a learner typing it is
 * never told "Correct!"). An answer not checked at all agrees with neither.
 */
export function agrees(test: TestAnswer, tried: TriedAnswer): boolean {
  if ('refused' in tried) return !test.accept;
  if (tried.checkable === false) return false;
  return tried.correct === test.accept;
}
