// The relation signs: the one list the checker reads them by. Each relation has one sign the
// checker keeps (what normaliseLatex writes and the parser reads) and every other way an answer may
// write it: TeX commands, characters pasted from elsewhere, and keys typed. No dependencies: the
// text checks use it on the event loop.

/** A relation and every spelling of it. */
interface Relation {
  /** The sign the checker keeps. */
  sign: string;
  /** Strict (`<`, `>`), or with equality. */
  strict: boolean;
  /** How a learner is shown it. */
  shown: string;
  /** The TeX commands that write it, without the backslash. */
  commands: readonly string[];
  /** As it is pasted or typed: patterns of a regular expression. */
  typed: readonly string[];
}

export const RELATIONS: readonly Relation[] = [
  { sign: '<', strict: true, shown: '<', commands: ['lt'], typed: [] },
  {
    sign: '\\leq',
    strict: false,
    shown: '≤',
    commands: ['le', 'leq', 'leqslant', 'leqq'],
    typed: ['≤', '⩽', '≦', '<\\s*=', '=\\s*<'],
  },
  { sign: '>', strict: true, shown: '>', commands: ['gt'], typed: [] },
  {
    sign: '\\geq',
    strict: false,
    shown: '≥',
    commands: ['ge', 'geq', 'geqslant', 'geqq'],
    typed: ['≥', '⩾', '≧', '>\\s*='],
  },
  {
    sign: '\\neq',
    strict: false,
    shown: '≠',
    commands: ['ne', 'neq'],
    // `!=` right after a letter or a digit is left as written: after a digit it is a factorial
    // (`3!=6`); after a letter (`n!=120`, `x!=3`) the part keeps both readings, and the stored
    // answer decides (a factorial in it: n! = 120; else x ≠ 3).
    typed: ['≠', '(?<![\\w)\\]}!])\\s*!\\s*='],
  },
];

/** Every TeX command that writes a relation (`le`, `leqslant`, `ne`…), without the backslash. */
export const RELATION_COMMANDS: readonly string[] = RELATIONS.flatMap((r) => r.commands);

/** The signs of the inequalities (≠ is not one), as the checker keeps them. */
export const INEQUALITY_SIGNS: readonly string[] = RELATIONS.filter((r) => r.sign !== '\\neq').map(
  (r) => r.sign,
);

/** Whether an inequality's sign (as the checker keeps it) is strict. */
export const isStrict = (sign: string) => RELATIONS.some((r) => r.sign === sign && r.strict);

/** Whether a sign (as the checker keeps it) says "less than", strictly or not. */
export const isLess = (sign: string) => sign === '<' || sign === '\\leq';

const SPELLINGS = RELATIONS.map((r) => ({
  sign: r.sign,
  // A command is read whole: `\le` is not the start of `\leqslant`.
  re: new RegExp([`\\\\(?:${r.commands.join('|')})(?![a-zA-Z])`, ...r.typed].join('|'), 'g'),
}));

/**
 * Every spelling of a relation in `s` as the sign the checker keeps (`\leqslant`, `⩽`, `<=` and
 * `=<` are `\leq`; `\lt` is `<`); the rest of `s` unchanged. A kept command is followed by a space,
 * so that the letter after it stays apart (`<=x` is `\leq x`).
 */
export function relationsAsSigns(s: string): string {
  for (const { sign, re } of SPELLINGS) {
    s = s.replace(re, sign.startsWith('\\') ? `${sign} ` : sign);
  }
  return s;
}
