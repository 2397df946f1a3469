import { describe, expect, it } from 'vitest';
import { wrapBareLatex } from './bare-latex';
import { splitMath, type DollarNote } from './split-math';

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
    const segs = splitMath('Price: $5 only.\n\nThen $x$ follows.');
    expect(segs.map((s) => [s.kind, s.value])).toEqual([
      ['text', 'Price: $5 only.\n\nThen '],
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

  describe('the dollar rule: a $ opens maths only before a non-space and closes only after one, not before a digit', () => {
    it('keeps prices in prose: "It costs $5 and $10 in total." has no maths', () => {
      const notes: DollarNote[] = [];
      const segs = splitMath('It costs $5 and $10 in total.', notes);
      expect(segs.map((s) => [s.kind, s.value])).toEqual([
        ['text', 'It costs $5 and $10 in total.'],
      ]);
      expect(notes).toEqual([
        { kind: 'space-before-closer', at: 9, closer: 16 },
        { kind: 'unclosed', at: 16 },
      ]);
      expect(segs[0]!.unbalanced).toEqual(['$']);
    });

    it('keeps "$20,000 and $30,000" in prose', () => {
      expect(kinds('Thus, $20,000 and $30,000 are prices.')).toEqual([
        ['text', 'Thus, $20,000 and $30,000 are prices.'],
      ]);
    });

    it('makes a $ followed by a space a dollar sign: "$ x$" is prose', () => {
      const notes: DollarNote[] = [];
      expect(kinds('a $ x$ b')).toEqual([['text', 'a $ x$ b']]);
      splitMath('a $ x$ b', notes);
      expect(notes).toEqual([{ kind: 'space-after-opener', at: 2, closer: 5 }]);
      expect(kinds('a $\nx$ b')).toEqual([['text', 'a $\nx$ b']]);
    });

    it('does not close on a $ after a space: "$x $" is prose, and "$a $b$" is a dollar then $b$', () => {
      expect(kinds('a $x $ b')).toEqual([['text', 'a $x $ b']]);
      expect(kinds('$a $b$')).toEqual([
        ['text', '$a '],
        ['inline', 'b'],
      ]);
    });

    it('does not close on a $ followed by a digit: "$x$5" is prose', () => {
      const notes: DollarNote[] = [];
      expect(kinds('$x$5')).toEqual([['text', '$x$5']]);
      splitMath('$x$5', notes);
      expect(notes).toEqual([
        { kind: 'digit-after-closer', at: 0, closer: 2 },
        { kind: 'unclosed', at: 2 },
      ]);
      expect(kinds('$x$ 5 and $y$a')).toEqual([
        ['inline', 'x'],
        ['text', ' 5 and '],
        ['inline', 'y'],
        ['text', 'a'],
      ]);
    });

    it('keeps a lone $ at the end, or before a space, as prose without calling it unbalanced', () => {
      expect(splitMath('total $')).toEqual([{ kind: 'text', value: 'total $', raw: 'total $' }]);
      expect(splitMath('pay $ 5 now')).toEqual([
        { kind: 'text', value: 'pay $ 5 now', raw: 'pay $ 5 now' },
      ]);
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
      splitMath('Let $x$ and $\\text{if $y$}$ and $$ z $$ cost \\$5.', notes);
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

  it('splits long input in linear time', () => {
    const src = 'word $x_1$ and \\$2 '.repeat(20_000) + '$';
    const t0 = performance.now();
    const segs = splitMath(src);
    expect(performance.now() - t0).toBeLessThan(1000);
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
