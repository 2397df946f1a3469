import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  displayParts,
  displayPartsWork,
  layoutLatex,
  MAX_PIECES,
  measureLatex,
  packDisplay,
  widthsFromRows,
  type DisplayParts,
  type DisplayWidths,
} from './break-display';
import { renderMath } from './render-math';
import { splitMath } from './split-math';

/** Compact view of the parts: statements joined by ' ¦ ', pieces by ' | '. */
function view(latex: string): string | null {
  const parts = displayParts(latex);
  if (!parts) return null;
  return parts.statements
    .map((s) => [s.lhs, ...s.pieces.map((p) => p.latex)].join(' | '))
    .join(' ¦ ');
}

const kinds = (latex: string) =>
  displayParts(latex)!.statements.map((s) => s.pieces.map((p) => p.kind).join(','));

describe('displayParts: cuts only at the top level', () => {
  it('cuts a chain of relations before each relation, the left-hand side first', () => {
    expect(view('a = b + c = d')).toBe('a | = b | + c | = d');
    expect(kinds('a = b + c = d')).toEqual(['relation,operator,relation']);
  });

  it('knows arrows, relations written as commands, and multi-token relations (:=, \\not=, \\le=)', () => {
    expect(view('x^2 = 4 \\implies x = \\pm 2')).toBe('x^2 | = 4 | \\implies x | = \\pm 2');
    expect(kinds('p \\iff q \\Rightarrow r \\Longrightarrow s \\to t')).toEqual([
      'arrow,arrow,arrow,arrow',
    ]);
    expect(
      view('a \\le b \\leq c \\ge d \\geq e \\ne f \\approx g \\equiv h \\sim i < j > k'),
    ).toBe(
      'a | \\le b | \\leq c | \\ge d | \\geq e | \\ne f | \\approx g | \\equiv h | \\sim i | < j | > k',
    );
    expect(view('f := x + 1')).toBe('f | := x | + 1');
    expect(view('a \\not= b')).toBe('a | \\not= b');
    expect(view('a \\not\\equiv b \\pmod 5')).toBe('a | \\not\\equiv b \\pmod 5');
  });

  it('never cuts inside braces, brackets, \\left…\\right, \\frac arguments, scripts or \\text', () => {
    expect(view('\\frac{a = b}{c = d} = 1')).toBe('\\frac{a = b}{c = d} | = 1');
    expect(view('P(X = 4) = 0.2')).toBe('P(X = 4) | = 0.2');
    expect(view('\\left[ x = 1 \\right] = [y = 2] = \\{ z = 3 \\}')).toBe(
      '\\left[ x = 1 \\right] | = [y = 2] | = \\{ z = 3 \\}',
    );
    expect(view('\\sum_{k = 1}^{n} k = \\text{a = b}')).toBe(
      '\\sum_{k = 1}^{n} k | = \\text{a = b}',
    );
    expect(view('\\bigl( a = b \\bigr) = c')).toBe('\\bigl( a = b \\bigr) | = c');
    expect(view('\\langle u, v \\rangle = 0')).toBe('\\langle u, v \\rangle | = 0');
  });

  it('does not cut inside environments, and leaves a formula that is one environment alone', () => {
    expect(view('A = \\begin{pmatrix} a = 1 & b \\\\ c & d \\end{pmatrix} = B')).toBe(
      'A | = \\begin{pmatrix} a = 1 & b \\\\ c & d \\end{pmatrix} | = B',
    );
    expect(displayParts('\\begin{aligned} a &= b \\\\ &= c \\end{aligned}')).toBeNull();
    expect(displayParts('\\begin{cases} x = 1 \\\\ y = 2 \\end{cases}')).toBeNull();
    expect(displayParts('\\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}')).toBeNull();
  });

  it('refuses a formula already laid out, tagged, commented, defining macros or switching style at the top', () => {
    for (const latex of [
      'a = b \\\\ c = d',
      'a &= b',
      'a = b \\tag{1}',
      'a = b % note\n = c',
      '\\def\\x{1} \\x = 1',
      '\\newcommand{\\y}{2} \\y = 2',
      'a + b \\over c = d',
      '\\color{red} a = b',
      '\\textstyle a = b',
      'a = b \\large = c',
      '',
      'a = b }',
      '{ a = b',
    ])
      expect(displayParts(latex), latex).toBeNull();
    // Inside a group a switch is scoped, so cutting outside it is safe.
    expect(view('{\\color{red} a} = b')).toBe('{\\color{red} a} | = b');
  });

  it('treats a minus or plus after a relation, an opener or at the start as unary', () => {
    expect(view('-x = -2 + (-3)')).toBe('-x | = -2 | + (-3)');
    expect(view('y = \\pm \\sqrt{2}')).toBe('y | = \\pm \\sqrt{2}');
  });

  it('marks products as the weakest cut and leaves unbraced script arguments alone', () => {
    expect(kinds('P = a \\cdot b \\times c + d')).toEqual(['relation,product,product,operator']);
    expect(view('\\angle A = 90^\\circ = x')).toBe('\\angle A | = 90^\\circ | = x');
    expect(view('a = x^- + 1')).toBe('a | = x^- | + 1');
  });

  it('cuts statements at \\quad and \\qquad, keeping the comma and a word between spaces with the first', () => {
    expect(view('u = \\ln x, \\qquad du = \\frac{1}{x}\\,dx')).toBe(
      'u | = \\ln x, ¦ du | = \\frac{1}{x}\\,dx',
    );
    expect(view('x = 1 \\quad\\text{or}\\quad x = 2')).toBe('x | = 1 \\quad\\text{or} ¦ x | = 2');
    expect(view('V = x^2, \\qquad 0 < x < 6')).toBe('V | = x^2, ¦ 0 | < x | < 6');
    expect(view('a = 1 \\hspace{1em} b = 2')).toBe('a | = 1 ¦ b | = 2');
  });

  it('cuts at commas only between parts that each hold a relation', () => {
    expect(view('x = 4,\\ y = 2')).toBe('x | = 4, ¦ y | = 2');
    expect(view('a_1 = 1, a_2 = 3; a_3 = 5')).toBe('a_1 | = 1, ¦ a_2 | = 3; ¦ a_3 | = 5');
    // A list stays one statement: its parts without a relation join their neighbours.
    expect(view('x = 1, 2, 3')).toBe('x | = 1, 2, 3');
    expect(view('a_1, a_2, \\ldots, a_n = 0')).toBe('a_1, a_2, \\ldots, a_n | = 0');
    expect(view('m > 0,\\ \\gcd(m, n) = 1,\\ m - n \\text{ odd}')).toBe(
      'm | > 0, ¦ \\gcd(m, n) | = 1,\\ m | - n \\text{ odd}',
    );
    expect(displayParts('2,\\ 7,\\ 4,\\ 9')).toBeNull();
  });

  it('cuts a sum without a relation at its operators', () => {
    expect(view('\\frac{1}{7} - \\frac{4}{6} + \\frac{5}{5}')).toBe(
      '\\frac{1}{7} | - \\frac{4}{6} | + \\frac{5}{5}',
    );
  });

  it(`gives up on more than ${MAX_PIECES} cuts`, () => {
    expect(
      displayParts(Array.from({ length: MAX_PIECES + 2 }, (_, i) => `a_${i}`).join(' = ')),
    ).toBeNull();
    expect(
      displayParts(Array.from({ length: MAX_PIECES }, (_, i) => `a_${i}`).join(' = ')),
    ).not.toBeNull();
  });
});

describe('displayParts: linear on hostile input', () => {
  const shapes: Record<string, (n: number) => string> = {
    'deep braces': (n) => '{'.repeat(n) + 'a = b' + '}'.repeat(n) + ' = c',
    'unclosed braces': (n) => '{'.repeat(n) + 'a = b',
    'deep \\left': (n) => '\\left('.repeat(n) + 'x = 1' + '\\right)'.repeat(n) + ' = 2',
    'nested environments': (n) =>
      '\\begin{matrix}'.repeat(n) + 'a = b' + '\\end{matrix}'.repeat(n) + ' = c',
    'commas and spaces': (n) => ', \\quad\\text{x}'.repeat(n),
    'unclosed text after quad': (n) => 'a = 1 \\quad\\text{' + 'x'.repeat(n),
    'text words between spaces': (n) => 'a = 1' + ' \\quad \\text{and} \\quad b'.repeat(n),
    backslashes: (n) => '\\'.repeat(n) + ' = 1',
  };
  for (const [name, make] of Object.entries(shapes)) {
    it(`${name}: the scanner looks at each character a bounded number of times`, () => {
      const counts = [4_000, 8_000, 16_000].map((n) => {
        const latex = make(n);
        displayPartsWork.reset();
        displayParts(latex);
        return { length: latex.length, work: displayPartsWork.count };
      });
      for (const { length, work } of counts) expect(work).toBeLessThanOrEqual(3 * length + 10);
    });
  }
});

/** Widths: 10 per character of each part, indent 20 (a stand-in for a browser's measurement). */
function fakeWidths(parts: DisplayParts): DisplayWidths {
  return {
    indent: 20,
    statements: parts.statements.map((s) =>
      [s.lhs, ...s.pieces.map((p) => p.latex)].map((t) => t.length * 10),
    ),
  };
}

describe('measureLatex and widthsFromRows', () => {
  it('puts an indent row, then each left-hand side and piece on a row of its own', () => {
    const parts = displayParts('a = b, \\quad c = d + e')!;
    expect(measureLatex(parts)).toBe(
      '\\begin{aligned}&\\qquad\\\\&a\\\\&= b,\\\\&c\\\\&= d\\\\&+ e\\end{aligned}',
    );
    expect(widthsFromRows(parts, [20, 1, 2, 3, 4, 5])).toEqual({
      indent: 20,
      statements: [
        [1, 2],
        [3, 4, 5],
      ],
    });
    expect(widthsFromRows(parts, [20, 1, 2])).toBeNull();
  });
});

describe('packDisplay and layoutLatex', () => {
  it('packs pieces greedily, aligned on the first relation', () => {
    const parts = displayParts('a = bbb = ccc = ddd = eee')!; // lhs 10, pieces 50 each
    const layout = packDisplay(parts, fakeWidths(parts), 120);
    expect(layout).toMatchObject({ mode: 'aligned', breaks: [[3]], width: 110 });
    expect(layoutLatex(parts, layout)).toBe(
      '\\begin{aligned}a&= bbb = ccc\\\\&= ddd = eee\\end{aligned}',
    );
  });

  it('prefers to break before an arrow, so a step after it stays on one line', () => {
    // (3x+2y)+(5x-2y) = 16 + 16 ⟹ 8x = 32 ⟹ x = 4, the procedure of the demo's example 7.
    const parts = displayParts('L = 16 + 16 \\implies 8x = 32 \\implies x = 4')!;
    // Everything up to `\implies x` fits; `= 4` does not: the cut goes before the arrow.
    const widths: DisplayWidths = { indent: 30, statements: [[100, 40, 35, 55, 40, 45, 30]] };
    const layout = packDisplay(parts, widths, 320);
    expect(layout.mode).toBe('aligned');
    expect(layoutLatex(parts, layout)).toBe(
      '\\begin{aligned}L&= 16 + 16 \\implies 8x = 32\\\\&\\implies x = 4\\end{aligned}',
    );
  });

  it('hangs when the left-hand side leaves too little room, and takes the layout with fewer lines', () => {
    const parts = displayParts('L = 16 + 16 \\implies 8x = 32 \\implies x = 4')!;
    const widths: DisplayWidths = { indent: 30, statements: [[180, 40, 35, 55, 40, 45, 30]] };
    const layout = packDisplay(parts, widths, 280);
    expect(layout.mode).toBe('hanging');
    expect(layoutLatex(parts, layout)).toBe(
      '\\begin{aligned}&L = 16 + 16\\\\&\\qquad \\implies 8x = 32 \\implies x = 4\\end{aligned}',
    );
  });

  it('puts each statement on its own row, aligned on its relation', () => {
    const parts = displayParts('u = x, \\quad du = dx, \\qquad v = \\frac{1}{2}e^{2x}')!;
    const layout = packDisplay(parts, fakeWidths(parts), 1_000);
    expect(layoutLatex(parts, layout)).toBe(
      '\\begin{aligned}u&= x,\\\\du&= dx,\\\\v&= \\frac{1}{2}e^{2x}\\end{aligned}',
    );
  });

  it('indents a line that continues a sum, and breaks a product last', () => {
    const parts = displayParts('V = a \\cdot b + c \\cdot d')!;
    const widths: DisplayWidths = { indent: 40, statements: [[20, 60, 60, 60, 60]] };
    const layout = packDisplay(parts, widths, 160);
    expect(layoutLatex(parts, layout)).toBe(
      '\\begin{aligned}V&= a \\cdot b\\\\&\\quad + c \\cdot d\\end{aligned}',
    );
  });

  it('answers the narrower layout when none fits', () => {
    const parts = displayParts('a = b = c')!;
    const layout = packDisplay(parts, { indent: 10, statements: [[500, 300, 300]] }, 200);
    // Aligned: 500 + 300 on every line; hanging: the 500 left-hand side alone is the widest.
    expect(layout).toMatchObject({ mode: 'hanging', width: 500, breaks: [[1, 2]] });
  });
});

describe('every layout of the demo catalogue renders with KaTeX', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const catalogue = JSON.parse(
    fs.readFileSync(
      path.join(here, '../../../../apps/api/src/db/seed/demo-catalogue.json'),
      'utf8',
    ),
  ) as { examples: Array<{ question: string; answer: string; procedure?: string }> };
  const displays = catalogue.examples.flatMap((e) =>
    [e.question, e.answer, e.procedure ?? ''].flatMap((text) =>
      splitMath(text)
        .filter((s) => s.kind === 'display')
        .map((s) => s.value),
    ),
  );

  it('cuts most display formulas, and measure and packed layouts at phone and tiny widths all render', () => {
    let cut = 0;
    const failures: string[] = [];
    for (const latex of displays) {
      const parts = displayParts(latex);
      if (!parts) continue;
      cut++;
      const widths = fakeWidths(parts);
      for (const latexOut of [
        measureLatex(parts),
        layoutLatex(parts, packDisplay(parts, widths, 280)),
        layoutLatex(parts, packDisplay(parts, widths, 1)),
      ]) {
        const result = renderMath(latexOut, { displayMode: true });
        if (!result.ok) failures.push(`${latex} → ${latexOut}: ${result.error}`);
      }
    }
    expect(failures).toEqual([]);
    expect(displays.length).toBeGreaterThan(300);
    expect(cut / displays.length).toBeGreaterThan(0.9);
  });
});
