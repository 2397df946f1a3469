// Cheap checks on an answer's text before any parsing, so most hostile input never reaches
// Compute Engine. No dependencies: the pool runs them on the event loop before using the thread.
import { NOT_CHECKED_MESSAGE } from '@exemplar/shared/answer-words';
import { RELATION_COMMANDS } from './inequality-signs';
import { asTyped, BRACKETS_CLAUSE, couldNotRead, notReadable } from './messages';

/**
 * Longest answer a learner may send (characters): Compute Engine parses 500 in about 0.1-0.3 s.
 * The request schema's ANSWER_MAX_LENGTH (@exemplar/shared/attempts) is the same (a test holds
 * them equal; not imported, so the thread loads no zod).
 */
export const MAX_ANSWER_CHARS = 500;
/** Longest stored answer read as maths (a longer one is compared as text). */
export const MAX_STORED_CHARS = 1000;
const MAX_DEPTH = 12;
const MAX_NUMBER_DIGITS = 30;
const MAX_DIGITS = 200;

const EMPTY = 'Type your answer before checking it.';
const TOO_LONG = `Your answer is too long to check (at most ${MAX_ANSWER_CHARS.toLocaleString('en')} characters).`;
const TOO_DEEP =
  'Your answer is too complex to check: it has too many brackets inside one another.';
const LONG_NUMBER = `Your answer is too complex to check: it has a number with more than ${MAX_NUMBER_DIGITS} digits.`;
const MANY_DIGITS = 'Your answer is too complex to check: it has too many digits.';
const UNFILLED = 'Fill in every box of your answer before checking it.';
// Braces are brackets to a learner (the maths field shows neither as braces).
const BRACES = notReadable(BRACKETS_CLAUSE);
const BRACKETS = notReadable(BRACKETS_CLAUSE);

/**
 * The TeX commands an answer may use: what the checker reads (and Compute Engine parses quickly).
 * Anything else is refused before parsing: some commands make Compute Engine's parser take
 * exponential time (`\int` repeated 16 times: 3 s, 40 times: minutes).
 */
const KNOWN_COMMANDS: ReadonlySet<string> = new Set(
  (
    'frac dfrac tfrac cfrac sqrt pi cdot times div pm mp ' +
    'left right bigl bigr Bigl Bigr biggl biggr big Big displaystyle textstyle ' +
    'text textrm textnormal mbox textit textbf mathrm mathbf mathit mathsf boxed fbox bm boldsymbol ' +
    'sin cos tan sec csc cot arcsin arccos arctan sinh cosh tanh ln log exp min gcd ' +
    'infty lor vee in cup emptyset varnothing approx ' +
    'circ degree quad qquad enspace begin end langle rangle lfloor rfloor lceil rceil operatorname ' +
    'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi ' +
    'rho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Sigma Phi Psi Omega ' +
    'placeholder'
  )
    .split(' ')
    .concat(RELATION_COMMANDS),
);

/** What a learner is told about an answer that is not checked automatically. */
export const FEEDBACK_UNCHECKABLE = NOT_CHECKED_MESSAGE;

/**
 * What the text checks decide before any parsing, for the pool (on the event loop) and the checker
 * alike: a blank answer is refused; then a stored answer the text checks refuse (a proof with
 * `\ldots`, notation such as `\angle` or `\binom`, over the length) could never be typed by a
 * learner, whose own answer gets the same checks, so it is not checked at all; then the learner's
 * answer is refused if the text checks refuse it. Undefined: parse and compare.
 */
export function textOutcome(
  expected: string,
  given: string,
):
  | { kind: 'refused'; message: string }
  | { kind: 'uncheckable'; verdict: { correct: false; checkable: false; feedback: string } }
  | undefined {
  const refusal = preParseRefusal(given);
  if (refusal === EMPTY) return { kind: 'refused', message: refusal };
  if (preParseRefusal(expected, MAX_STORED_CHARS) !== undefined) {
    return {
      kind: 'uncheckable',
      verdict: { correct: false, checkable: false, feedback: FEEDBACK_UNCHECKABLE },
    };
  }
  const message = refusal ?? danglingJoint(given);
  return message ? { kind: 'refused', message } : undefined;
}

/**
 * An answer that starts or ends with "or" or "and" (`x = 18 \lor`, typed before the second
 * solution): it is unfinished, so it is refused with what is missing rather than read as its one
 * finished part (the list reader drops an empty joint, which a right first part would then pass).
 */
function danglingJoint(given: string): string | undefined {
  const typed = asTyped(given.replace(/\$/g, ' ')).toLowerCase();
  const after = /(?:^|[^a-z])(or|and)$/.exec(typed);
  if (after) return notReadable(`something is missing after “${after[1]}”`);
  const before = /^(or|and)(?:[^a-z]|$)/.exec(typed);
  if (before) return notReadable(`something is missing before “${before[1]}”`);
  return undefined;
}

/** Cheap checks on the text before any parsing: most hostile input stops here. */
export function preParseRefusal(text: string, maxChars = MAX_ANSWER_CHARS): string | undefined {
  if (!text.trim()) return EMPTY;
  if (text.length > maxChars) return TOO_LONG;
  if (text.includes('\\placeholder')) return UNFILLED;
  let braces = 0;
  let brackets = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '{' || next === '}') brackets += next === '{' ? 1 : -1;
      i++;
      continue;
    }
    if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '(' || c === '[') brackets++;
    else if (c === ')' || c === ']') brackets--;
    else continue;
    if (braces < 0) return BRACES;
    depth = Math.max(depth, braces + Math.max(brackets, 0));
    if (depth > MAX_DEPTH) return TOO_DEEP;
  }
  if (braces !== 0) return BRACES;
  if (brackets !== 0) return BRACKETS;
  const numbers = text.match(/\d+/g) ?? [];
  if (numbers.some((n) => n.length > MAX_NUMBER_DIGITS)) return LONG_NUMBER;
  if (numbers.reduce((sum, n) => sum + n.length, 0) > MAX_DIGITS) return MANY_DIGITS;
  for (const found of text.matchAll(/\\[a-zA-Z]+/g)) {
    const command = found[0];
    // `\min` is minutes (the maths field types `min` so); as a function, with an argument, it
    // is not something the checker reads.
    const minFunction =
      command === '\\min' && /^\s*(?:[({[]|\\left)/.test(text.slice(found.index + 4));
    if (!KNOWN_COMMANDS.has(command.slice(1)) || minFunction) {
      return couldNotRead(command);
    }
  }
  return undefined;
}
