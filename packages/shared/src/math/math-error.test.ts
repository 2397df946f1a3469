import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusMissing, MATH_CORPUS } from '../../test/math-corpus';
import { mathError, renderMath } from './render-math';
import { splitMath } from './split-math';

// mathError gives renderMath's verdict from KaTeX's parse alone. These tests break real
// expressions in thousands of seeded ways and require both verdicts, and their messages, to agree:
// a KaTeX upgrade that raises an error while building its HTML instead of while parsing fails here.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DEMO = path.resolve(repoRoot, 'apps/api/src/db/seed/demo-catalogue.json');

interface Texts {
  question: string;
  answer: string;
  procedure?: string | null;
}

interface Expression {
  value: string;
  displayMode: boolean;
}

function expressionsOf(records: Texts[]): Expression[] {
  const found: Expression[] = [];
  for (const r of records) {
    for (const text of [r.question, r.answer, r.procedure ?? '']) {
      for (const seg of splitMath(text)) {
        if (seg.kind === 'inline' || seg.kind === 'display') {
          found.push({ value: seg.value, displayMode: seg.kind === 'display' });
        }
      }
    }
  }
  return found;
}

/** mulberry32: a small seeded generator, so every run breaks the same expressions the same way. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What gets inserted: syntax, environments, units, sizes, infix operators, wide characters. */
// prettier-ignore
const PIECES = [
  '{', '}', '\\', '^', '_', '&', '\\\\', '#', '%', '~', '$', '\\(', '\\)',
  '\\frac', '\\sqrt[', '\\left(', '\\right)', '\\middle|', '\\big(', '\\not=',
  '\\begin{array}', '\\end{array}', '\\begin{aligned}', '\\end{aligned}', '\\begin{cases}',
  '\\end{cases}', '\\begin{CD}', '@>>>', '\\end{CD}', '\\hline', '\\cr', '\\newline', '\\\\[2pt]',
  '\\over', '\\atop', '\\above 2pt', '\\above 2mu', '\\choose', '\\binom',
  '\\kern1em', '\\kern1xx', '\\kern3mu', '\\mkern3mu', '\\mskip 3mu', '\\hskip 2em',
  '\\hspace{1cm}', '\\rule{1em}{2ex}', '\\raisebox{1ex}{a}',
  '\\genfrac{(}{)}{1pt}{0}{a}{b}', '\\genfrac{(}{)}{1xx}{0}{a}{b}',
  '😀', '𝔸', '𝛼', '\\text{😀}', '\\char"1F600', '\\@char',
  '\\tag{1}', '\\label{a}', '\\ref{a}', '\\nonumber', '\\notag',
  '\\color{red}', '\\mathrm{', '\\mathcal{', '\\mathbb{1}', '\\text{$x$}', '\\verb|a|',
  '\\operatorname*{f}', '\\def\\a{b}', '\\gdef', '\\limits', '\\nolimits', '\\displaystyle',
  '\\substack{a\\\\b}', '\\overset{a}{b}', '\\stackrel', '\\smash', '\\llap{', '\\vphantom{',
  '\\cancel{x}', '\\xrightarrow{a}', '\\overbrace{a}^b', '\\sideset{}{}\\sum', '\\boxed{',
  '\\href{x}{y}', '\\frc',
];

/** `count` broken copies of the expressions, and how many of them fail to render. */
function compare(expressions: Expression[], count: number, seed: number) {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const differences: { value: string; render: string | null; parse: string | null }[] = [];
  let failing = 0;
  for (let k = 0; k < count; k++) {
    const { value: original, displayMode } = pick(expressions);
    let value = original;
    for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
      const at = Math.floor(random() * (value.length + 1));
      value =
        random() < 0.3 && value.length
          ? value.slice(0, at) + value.slice(at + 1)
          : value.slice(0, at) + pick(PIECES) + value.slice(at);
    }
    const rendered = renderMath(value, { displayMode, output: 'html' });
    const render = rendered.ok ? null : rendered.error;
    const parse = mathError(value, { displayMode });
    if (render !== null) failing++;
    if (render !== parse) differences.push({ value, render, parse });
  }
  return { failing, differences };
}

describe('mathError: the parse-only verdict is the renderer’s', () => {
  it('agrees on the examples as written', () => {
    const demo = JSON.parse(readFileSync(DEMO, 'utf8')) as { examples: Texts[] };
    for (const { value, displayMode } of expressionsOf(demo.examples)) {
      expect(mathError(value, { displayMode }), value).toBeNull();
    }
  });

  it('agrees, message for message, on 5,000 broken copies of the demo catalogue’s maths', () => {
    const demo = JSON.parse(readFileSync(DEMO, 'utf8')) as { examples: Texts[] };
    const { failing, differences } = compare(expressionsOf(demo.examples), 5_000, 1);
    // Most copies are broken, so the comparison is about errors, not about clean maths.
    expect(failing).toBeGreaterThan(2_500);
    expect(differences).toEqual([]);
  });

  it(
    'agrees on 20,000 broken copies of the MATH sample’s maths',
    { timeout: 60_000 },
    ({ skip }) => {
      if (corpusMissing) skip(corpusMissing);
      const corpus = JSON.parse(readFileSync(MATH_CORPUS, 'utf8')) as Texts[];
      const { failing, differences } = compare(expressionsOf(corpus), 20_000, 2);
      expect(failing).toBeGreaterThan(10_000);
      expect(differences).toEqual([]);
    },
  );

  it('finds what only the HTML builder rejects: an infix operator as a base, by rendering it', () => {
    for (const value of ['\\over^2', '7\\above 2pt^{n}', 'a \\atop_{b}']) {
      const rendered = renderMath(value);
      expect(rendered.ok).toBe(false);
      expect(mathError(value)).toBe(rendered.ok ? null : rendered.error);
    }
  });

  it('gives the renderer’s refusals before KaTeX runs', () => {
    expect(mathError('\\href{https://example.com}{x}')).toBe(
      'KaTeX parse error: \\href is not allowed',
    );
    expect(mathError('x'.repeat(20_001))).toBe('Expression longer than 20000 characters');
    expect(mathError('\\frac{1}{2}', { displayMode: true })).toBeNull();
  });
});
