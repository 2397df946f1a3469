// A learner's answer rewritten the ways it may mean what the stored answer writes: another name
// for the whole-number parameter, a family counted from another start, a Pythagorean triple's legs
// the other way round. Text only; each rewriting is then compared as the answer was.
import { splitTop } from './split-top';

/** Lone letters of a text (`x`, `k`; not the letters of `\frac` or `\pi`). */
export const lettersOf = (text: string) =>
  new Set(text.replace(/\\[a-zA-Z]+/g, ' ').match(/(?<![a-zA-Z])[a-zA-Z](?![a-zA-Z])/g) ?? []);

/**
 * A typed answer with its one letter that the stored answer does not use written as the stored
 * answer's parameter (`n` as `k`); the text unchanged when there is not exactly one such letter.
 */
export function withParameter(given: string, expected: string, parameter: string): string {
  const stored = lettersOf(expected);
  const typed = lettersOf(given);
  if (typed.has(parameter)) return given;
  const other = [...typed].filter((l) => !stored.has(l));
  if (other.length !== 1) return given;
  const letter = other[0]!;
  return given.replace(new RegExp(`(?<![a-zA-Z\\\\])${letter}(?![a-zA-Z])`, 'g'), parameter);
}

/** The shifts of a whole-number parameter tried, nearest first. */
const SHIFTS = [1, -1, 2, -2];

/**
 * A typed answer with its whole-number parameter `p` shifted (`p + 1`, `p - 1`, …): the whole
 * answer at once (a system's parts share `p`), or each part on its own where the stored parts are
 * separate families joined by "or" (two parts at most). Empty when `p` is not typed.
 */
export function shiftedFamilies(given: string, parameter: string, separate: boolean): string[] {
  const re = new RegExp(`(?<![a-zA-Z\\\\])${parameter}(?![a-zA-Z])`, 'g');
  if (!re.test(given)) return [];
  const shift = (text: string, by: number) =>
    by === 0 ? text : text.replace(re, `\\left(${parameter}${by > 0 ? '+' : ''}${by}\\right)`);
  const whole = SHIFTS.map((by) => shift(given, by));
  const parts = splitTop(given, [',', '\\lor']);
  if (!separate || parts.length !== 2) return whole;
  const each = [0, ...SHIFTS].flatMap((a) =>
    [0, ...SHIFTS].flatMap((b) =>
      a === b ? [] : [`${shift(parts[0]!, a)},${shift(parts[1]!, b)}`],
    ),
  );
  return [...whole, ...each];
}

/** A triple of whole numbers in brackets, `(16, 63, 65)` or `\left(63,16,65\right)`. */
export const TRIPLE_RE =
  /(\\left)?\(\s*(\d+)\s*,(?:\\[,;: ]|\s)*(\d+)\s*,(?:\\[,;: ]|\s)*(\d+)\s*(\\right)?\)/g;

/** Pythagorean triples written with the longer leg first (`(63, 16, 65)`) with it second. */
export function withLegsInOrder(text: string): string {
  return text.replace(
    TRIPLE_RE,
    (
      whole,
      left: string | undefined,
      a: string,
      b: string,
      c: string,
      right: string | undefined,
    ) => {
      const [x, y, z] = [Number(a), Number(b), Number(c)];
      if (!(x > y) || x * x + y * y !== z * z) return whole;
      return `${left ?? ''}(${b},${a},${c}${right ?? ''})`;
    },
  );
}
