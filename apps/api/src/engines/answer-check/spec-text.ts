// What an answer spec decides from the text alone, before anything is parsed: a blank answer, an
// example that is not checked, a choice letter, and the text checks of guards.ts. No Compute
// Engine: the pool runs this on the event loop, and the thread runs it again first.
import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import { FEEDBACK_CHOICE_LETTER } from './feedback';
import { FEEDBACK_UNCHECKABLE, textOutcome } from './guards';
import { readStoredText } from './stored-text';

/** Right or not, and feedback only where the checker is certain (see check-answer.ts). */
export interface TextVerdict {
  correct: boolean;
  feedback?: string;
  checkable?: false;
}

/**
 * A letter typed as a choice: alone (`B`, `(B)`, `b`, `B)`, `B.`, `\text{B}`), or in brackets
 * before the option (`(B) 65°`, as the stored answer writes it); else undefined.
 */
export function choiceLetter(given: string): string | undefined {
  const plain = given
    .replace(/\$/g, '')
    .replace(/\\(?:text|textrm|textbf|mathrm|mathbf|mbox|operatorname)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\\(?:left|right)(?![a-zA-Z])|\\[,;:! ]|\s/g, '');
  const m = /^\(?([A-Fa-f])[).]?$/.exec(plain) ?? /^\(([A-F])\)/.exec(plain);
  return m ? m[1]!.toUpperCase() : undefined;
}

/** What is left to compare after the text decisions: the stored text to compare with. */
export type TextDecision =
  | { kind: 'refused'; message: string }
  | { kind: 'verdict'; verdict: TextVerdict; how: string }
  | { kind: 'compare'; expected: string };

const UNCHECKABLE: TextVerdict = {
  correct: false,
  checkable: false,
  feedback: FEEDBACK_UNCHECKABLE,
};

/**
 * The decisions the text allows under a spec: a blank answer is refused; an example whose spec is
 * `none` is not checked (`checkable: false`, as a stored answer that could never be typed); a choice
 * answered with a letter is right when the letter is the spec's, and otherwise its option's value
 * (the stored answer without its letter) is compared; then the text checks of guards.ts.
 */
export function decideByText(expected: string, given: string, spec: AnswerSpec): TextDecision {
  if (!given.trim()) {
    const blank = textOutcome('0', given);
    if (blank?.kind === 'refused') return blank;
  }
  if (spec.kind === 'none')
    return { kind: 'verdict', verdict: UNCHECKABLE, how: 'spec: not checked' };
  let compared = expected;
  if (spec.kind === 'choice') {
    const letter = choiceLetter(given);
    if (letter) {
      // Another letter is refused without naming the right one.
      return {
        kind: 'verdict',
        verdict: { correct: letter === spec.choice },
        how: 'choice letter',
      };
    }
    compared = readStoredText(expected).body;
  }
  const decided = textOutcome(compared, given);
  if (decided?.kind === 'refused') return decided;
  if (decided?.kind === 'uncheckable') {
    if (spec.kind === 'choice') {
      return {
        kind: 'verdict',
        verdict: { correct: false, feedback: FEEDBACK_CHOICE_LETTER },
        how: 'choice whose option cannot be typed',
      };
    }
    return { kind: 'verdict', verdict: decided.verdict, how: 'stored answer cannot be typed' };
  }
  return { kind: 'compare', expected: compared };
}
