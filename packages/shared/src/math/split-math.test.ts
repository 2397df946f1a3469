import { describe, expect, it } from 'vitest';
import { wrapBareLatex } from './bare-latex';
import { isPricePair, priceAt, splitMath, type DollarNote } from './split-math';

const kinds = (text: string) => splitMath(text).map((s) => [s.kind, s.value]);

describe('splitMath', () => {
  it('returns nothing for empty input', () => {
    expect(splitMath('')).toEqual([]);
  });

  it('keeps plain prose, line breaks included', () => {
    expect(kinds('one\ntwo\n\nthree')).toEqual([['text', 'one\ntwo\n\nthree']]);
  });

  it('splits $inline$ and $$display$$', () => {
    expect(kinds('Let $x=1$ so $$x^2=1$$ holds.')).toEqual([
      ['text', 'Let '],
      ['inline', 'x=1'],
      ['text', ' so '],
      ['display', 'x^2=1'],
      ['text', ' holds.'],
    ]);
  });

  it('recognises \\(…\\) and \\[…\\]', () => {
    expect(kinds('a \\(x\\) b \\[y\\] c')).toEqual([
      ['text', 'a '],
      ['inline', 'x'],
      ['text', ' b '],
      ['display', 'y'],
      ['text', ' c'],
    ]);
  });

  it('keeps \\\\[2pt] line breaks inside \\[…\\]', () => {
    expect(kinds('\\[a \\\\[2pt] b\\]')).toEqual([['display', 'a \\\\[2pt] b']]);
  });

  it('turns \\$ into a literal dollar in prose and keeps it inside maths', () => {
    expect(kinds('It costs \\$5, or $\\$5$.')).toEqual([
      ['text', 'It costs $5, or '],
      ['inline', '\\$5'],
      ['text', '.'],
    ]);
  });

  it('does not close inline maths on an escaped dollar', () => {
    expect(kinds('$a \\$ b$ c')).toEqual([
      ['inline', 'a \\$ b'],
      ['text', ' c'],
    ]);
  });

  it('keeps nested dollars inside \\text{} in one expression', () => {
    expect(kinds('$\\text{if $x>0$ holds}$ end')).toEqual([
      ['inline', '\\text{if $x>0$ holds}'],
      ['text', ' end'],
    ]);
  });

  it('reads adjacent inline maths $a$$b$ as two expressions', () => {
    expect(kinds('$a$$b$')).toEqual([
      ['inline', 'a'],
      ['inline', 'b'],
    ]);
  });

  it('keeps an unbalanced $ as literal text without swallowing the rest', () => {
    const segs = splitMath('Note: $y only.\n\nThen $x$ follows.');
    expect(segs.map((s) => [s.kind, s.value])).toEqual([
      ['text', 'Note: $y only.\n\nThen '],
      ['inline', 'x'],
      ['text', ' follows.'],
    ]);
    expect(segs[0]!.unbalanced).toEqual(['$']);
  });

  it('keeps a lone trailing $ and a lone $$ as text', () => {
    expect(kinds('total $')).toEqual([['text', 'total $']]);
    expect(kinds('a $$ b')).toEqual([['text', 'a $$ b']]);
    expect(splitMath('a $$ b')[0]!.unbalanced).toEqual(['$$']);
  });

  it('handles $$ inside prose next to inline maths', () => {
    expect(kinds('see $$\\sum_i i$$ and $y$')).toEqual([
      ['text', 'see '],
      ['display', '\\sum_i i'],
      ['text', ' and '],
      ['inline', 'y'],
    ]);
  });

  it('drops empty maths like $$$$', () => {
    expect(kinds('a $$$$ b')).toEqual([['text', 'a  b']]);
  });

  it('keeps unclosed \\( and \\[ as text', () => {
    const segs = splitMath('a \\( b \\[ c');
    expect(segs.map((s) => [s.kind, s.value])).toEqual([['text', 'a \\( b \\[ c']]);
    expect(segs[0]!.unbalanced).toEqual(['\\(', '\\[']);
  });

  it('takes a bare align* environment whole as display maths', () => {
    const src = 'We get\n\\begin{align*}\nx &= 1 \\\\\ny &= 2\n\\end{align*}\nso done.';
    expect(kinds(src)).toEqual([
      ['text', 'We get\n'],
      ['display', '\\begin{align*}\nx &= 1 \\\\\ny &= 2\n\\end{align*}'],
      ['text', '\nso done.'],
    ]);
  });

  it('takes other bare display environments and tabular as display maths', () => {
    for (const env of [
      'align',
      'equation',
      'equation*',
      'gather*',
      'eqnarray*',
      'multline',
      'tabular',
    ]) {
      const src = `\\begin{${env}}a\\end{${env}}`;
      expect(kinds(src)).toEqual([['display', src]]);
    }
  });

  it('takes a bare \\centerline{…} whole as display maths, $ inside it included', () => {
    const src = 'Table:\n\\centerline{Hello $x^2$ {world}}\nend';
    expect(kinds(src)).toEqual([
      ['text', 'Table:\n'],
      ['display', '\\centerline{Hello $x^2$ {world}}'],
      ['text', '\nend'],
    ]);
    // not closed before a blank line, or another command: prose as before
    expect(kinds('\\centerline{a\n\nb} $x$')[0]).toEqual(['text', '\\centerline{a\n\nb} ']);
    expect(kinds('\\centerlines{a}')).toEqual([['text', '\\centerlines{a}']]);
  });

  it('takes a bare matrix as inline maths', () => {
    const src = '\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}';
    expect(kinds(src)).toEqual([['inline', src]]);
  });

  it('leaves an unknown or unclosed \\begin as text', () => {
    expect(kinds('\\begin{itemize} x')).toEqual([['text', '\\begin{itemize} x']]);
    expect(splitMath('\\begin{align*} x')[0]!.unbalanced).toEqual(['\\begin{']);
  });

  it('makes [asy] blocks code and never scans them for $', () => {
    const src = 'Look: [asy]\nlabel("$A$", (0,0));\ndraw($B);\n[/asy] and $x$.';
    expect(kinds(src)).toEqual([
      ['text', 'Look: '],
      ['code', 'label("$A$", (0,0));\ndraw($B);'],
      ['text', ' and '],
      ['inline', 'x'],
      ['text', '.'],
    ]);
  });

  it('does not let a stray $ before [asy] pair with a $ inside it', () => {
    expect(kinds('cost $5 [asy]label("$x$");[/asy]')).toEqual([
      ['text', 'cost $5 '],
      ['code', 'label("$x$");'],
    ]);
  });

  it('treats an unclosed [asy] as code to the end', () => {
    expect(kinds('a [asy]draw($x$);')).toEqual([
      ['text', 'a '],
      ['code', 'draw($x$);'],
    ]);
  });

  describe('the dollar rule: $…$ pairs as in TeX, except a pair opened by a price in prose', () => {
    it('reads $…$ as TeX does: spaces inside the delimiters, "$\\$35$", a digit after the closer', () => {
      expect(kinds('$ \\frac{150}{4} = 37 \\frac{1}{2}$')).toEqual([
        ['inline', ' \\frac{150}{4} = 37 \\frac{1}{2}'],
      ]);
      expect(kinds('Let $ a$, $ b$ be')).toEqual([
        ['text', 'Let '],
        ['inline', ' a'],
        ['text', ', '],
        ['inline', ' b'],
        ['text', ' be'],
      ]);
      expect(kinds('so $x_1>x_2. $ It')).toEqual([
        ['text', 'so '],
        ['inline', 'x_1>x_2. '],
        ['text', ' It'],
      ]);
      expect(kinds('a car for $\\$35$ a day, $\\$$25 an hour')).toEqual([
        ['text', 'a car for '],
        ['inline', '\\$35'],
        ['text', ' a day, '],
        ['inline', '\\$'],
        ['text', '25 an hour'],
      ]);
      expect(kinds('$x$5')).toEqual([
        ['inline', 'x'],
        ['text', '5'],
      ]);
      expect(kinds('$a $b$')).toEqual([
        ['inline', 'a '],
        ['text', 'b$'],
      ]);
    });

    it('keeps prices in prose: "It costs $5 and $10 in total." has no maths and no note', () => {
      const notes: DollarNote[] = [];
      const segs = splitMath('It costs $5 and $10 in total.', notes);
      expect(segs).toEqual([
        {
          kind: 'text',
          value: 'It costs $5 and $10 in total.',
          raw: 'It costs $5 and $10 in total.',
        },
      ]);
      expect(notes).toEqual([]);
    });

    it('keeps "$20,000 and $30,000", "tickets at $12, parking $5", "between $3 and $4 each" and "$5-$10" in prose', () => {
      for (const text of [
        'Thus, $20,000 and $30,000 are prices.',
        'tickets at $12, parking $5',
        'between $3 and $4 each',
        'Shirts cost $5-$10.',
        'A coffee is $2.50, a muffin $3.25.',
      ]) {
        expect(kinds(text), text).toEqual([['text', text]]);
      }
    });

    it('reads a price next to maths: "costs $5 for $x$ kg" is a price then the maths x', () => {
      expect(kinds('costs $5 for $x$ kg')).toEqual([
        ['text', 'costs $5 for '],
        ['inline', 'x'],
        ['text', ' kg'],
      ]);
      expect(kinds('If $x$ shirts cost $15 each, what is $3x$?')).toEqual([
        ['text', 'If '],
        ['inline', 'x'],
        ['text', ' shirts cost $15 each, what is '],
        ['inline', '3x'],
        ['text', '?'],
      ]);
    });

    it('reads a number in maths as maths: "$5$", "$5!$", "$1,$ $2,$", "$2 x$", "$5 - 3$", "$0.abcd,$", "$5 \\text{ cm}$"', () => {
      for (const maths of [
        '5',
        '5!',
        '1,',
        '2 x',
        '5 - 3',
        '0.abcd,',
        '5 \\text{ cm}',
        '3,4,5',
        '4.',
      ]) {
        expect(kinds(`so $${maths}$ is`), maths).toEqual([
          ['text', 'so '],
          ['inline', maths],
          ['text', ' is'],
        ]);
      }
    });

    it('priceAt: an amount after the $ that ends as prose does', () => {
      expect(priceAt('$5 and', 0)).toBe(2);
      expect(priceAt('$20,000.50.', 0)).toBe(10);
      expect(priceAt('($12), x', 1)).toBe(4);
      expect(priceAt('$5-$10', 0)).toBe(2);
      expect(priceAt('$5', 0)).toBe(2);
      for (const text of ['$5$', '$5x', '$5.$', '$x', '$ 5', '$5!$', '$1,$']) {
        expect(priceAt(text, 0), text).toBe(-1);
      }
    });

    it('isPricePair: the next price right after the closer, or prose between', () => {
      expect(isPricePair('$5 and $10', 2, 7)).toBe(true);
      expect(isPricePair('$5 for $x$', 2, 7)).toBe(true);
      expect(isPricePair('$5 x$', 2, 4)).toBe(false);
      expect(isPricePair('$5 + y$', 2, 6)).toBe(false);
      expect(isPricePair('$5 \\text{cm}$', 2, 12)).toBe(false);
    });

    it('keeps a lone $ as a dollar sign; calls it unclosed only where it could open maths', () => {
      const notes: DollarNote[] = [];
      expect(splitMath('total $')).toEqual([{ kind: 'text', value: 'total $', raw: 'total $' }]);
      expect(splitMath('pay $ 5 now')).toEqual([
        { kind: 'text', value: 'pay $ 5 now', raw: 'pay $ 5 now' },
      ]);
      expect(splitMath('It costs $5.', notes)).toEqual([
        { kind: 'text', value: 'It costs $5.', raw: 'It costs $5.' },
      ]);
      expect(notes).toEqual([]);
      const segs = splitMath('Let $x be', notes);
      expect(segs[0]!.unbalanced).toEqual(['$']);
      expect(notes).toEqual([{ kind: 'unclosed', at: 4 }]);
    });

    it('leaves $$ display maths alone: spaces inside $$ … $$ are fine', () => {
      expect(kinds('so $$ x^2 $$ holds, $$5 + 1$$2')).toEqual([
        ['text', 'so '],
        ['display', ' x^2 '],
        ['text', ' holds, '],
        ['display', '5 + 1'],
        ['text', '2'],
      ]);
    });

    it('keeps \\$ a literal dollar and maths around it: "\\$5 and $x$"', () => {
      expect(kinds('It costs \\$5 and \\$10, so $x = 15$.')).toEqual([
        ['text', 'It costs $5 and $10, so '],
        ['inline', 'x = 15'],
        ['text', '.'],
      ]);
    });

    it('records nothing for text whose dollars all pair', () => {
      const notes: DollarNote[] = [];
      splitMath('Let $ x $ and $\\text{if $y$}$ and $$ z $$ cost \\$5 or $5.', notes);
      expect(notes).toEqual([]);
    });
  });

  it('unescapes LaTeX text escapes in prose', () => {
    expect(kinds('50\\% \\& \\#1')).toEqual([['text', '50% & #1']]);
  });

  it('keeps raw slices that rebuild the source exactly', () => {
    const src = 'A \\$1 $x$ $$y$$ \\(z\\) [asy]$[/asy] \\begin{align*}a\\end{align*} $ end';
    expect(
      splitMath(src)
        .map((s) => s.raw)
        .join(''),
    ).toBe(src);
  });

  // Linear time is checked by counting steps (split-math.linear.test.ts) and timed by
  // `npm run test:perf` (math.perf.test.ts).
  it('splits long input', () => {
    const src = 'word $x_1$ and \\$2 '.repeat(20_000) + '$';
    const segs = splitMath(src);
    expect(segs.filter((s) => s.kind === 'inline')).toHaveLength(20_000);
  });
});

describe('wrapBareLatex', () => {
  it('wraps bare LaTeX answers and leaves the rest alone', () => {
    expect(wrapBareLatex('\\frac{10}{21}')).toBe('$\\frac{10}{21}$');
    expect(wrapBareLatex('25\\pi')).toBe('$25\\pi$');
    expect(wrapBareLatex('25')).toBe('25');
    expect(wrapBareLatex('\\$180')).toBe('\\$180');
    expect(wrapBareLatex('$x$ and \\frac12')).toBe('$x$ and \\frac12');
    expect(wrapBareLatex('\\begin{pmatrix}1\\end{pmatrix}')).toBe(
      '\\begin{pmatrix}1\\end{pmatrix}',
    );
  });
});
