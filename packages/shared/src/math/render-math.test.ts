import { describe, expect, it } from 'vitest';
import { checkMath } from './check-math';
import { normaliseLatex } from './normalise';
import { renderMath } from './render-math';

/** No link, image, class/id/style/data attribute from the input, no javascript: anywhere. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<a[\s>]/i);
  expect(html).not.toMatch(/<img[\s>]/i);
  expect(html).not.toMatch(/(href|src)=/i);
  // the source may appear as escaped text in the MathML annotation, never in an attribute
  expect(html).not.toMatch(/="[^"]*javascript:/i);
  expect(html).not.toMatch(/evil/);
  expect(html).not.toMatch(/data-x=/);
}

/** KaTeX HTML (no MathML) of `src`; fails the test if it does not render. */
function katexHtml(src: string, displayMode: boolean): string {
  const r = renderMath(src, { displayMode, output: 'html' });
  if (!r.ok) throw new Error(`${src}: ${r.error}`);
  expect(r.html).not.toContain('katex-error');
  return r.html;
}

/** The characters a reader sees: no markup, no zero-width spaces, and never a TeX command. */
function visible(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/\u200b/g, '')
    .replace(/\u00a0/g, ' ')
    .replace(/&amp;/g, '&');
  expect(text).not.toMatch(/\\|tag|centerline|root|vspace|multicolumn/);
  return text;
}

describe('renderMath', () => {
  it('renders inline and display maths with MathML for screen readers', () => {
    const inline = renderMath('\\frac{1}{2}');
    expect(inline.ok).toBe(true);
    if (inline.ok) {
      expect(inline.html).toContain('class="katex"');
      expect(inline.html).toContain('<math');
    }
    const display = renderMath('x^2', { displayMode: true });
    expect(display.ok && display.html.includes('katex-display')).toBe(true);
  });

  it('reports unknown commands as errors instead of drawing them red', () => {
    const r = renderMath('\\notacommand{x}');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toMatch(/Undefined control sequence/);
  });

  it('maps what the MATH corpus uses and KaTeX lacks', () => {
    for (const src of [
      '\\mbox{four}',
      '\\nicefrac{1}{2}',
      '\\cancelto{0}{x}',
      '\\dfrac{1}{2}+\\tfrac{3}{4}',
      '\\le \\leq \\leqslant \\ge',
      '\\dots \\dotsb \\dotsm',
      '\\text{costs \\$5}',
      '\\emph{a} \\textbf{b}',
      '\\renewcommand{\\arraystretch}{1.5}\\begin{array}{c}a\\end{array}',
      '\\begin{array}{r r r@{~}c@{~}l} a & b & c & d & e \\end{array}',
      '\\begin{array}{*{3}{c}} a & b & c \\end{array}',
      '\\begin{array}{c|cc} \\multicolumn{2}{r}{x^3} & 1 \\\\ \\cline{2-3} a & b & c \\end{array}',
      '\\begin{align*} a &= b \\nonumber \\\\ c &= d \\end{align*}',
      '\\begin{eqnarray*} a &=& b \\\\ c &=& d \\end{eqnarray*}',
      '\\begin{multline} a \\\\ b \\end{multline}',
      '\\begin{equation} E = mc^2 \\end{equation}',
    ]) {
      const r = renderMath(src, { displayMode: true });
      expect(r, src).toMatchObject({ ok: true });
    }
  });

  it('renders align* even inside inline maths (as aligned)', () => {
    expect(renderMath('\\begin{align*} a &= b \\end{align*}')).toMatchObject({ ok: true });
  });

  it('turns tabular into an array with prose cells and inline maths', () => {
    const src =
      '\\begin{tabular}{|l|c|}\\hline Store & $x$ \\\\ \\hline Penny Wise & $25\\%$~off \\\\[1ex] \\hline $$ & 13$$ \\\\ \\multicolumn{2}{c}{total} \\end{tabular}';
    const normalised = normaliseLatex(src);
    expect(normalised).toContain('\\begin{array}{|l|c|}');
    expect(normalised).toContain('\\text{Store}');
    const r = renderMath(src, { displayMode: true });
    expect(r).toMatchObject({ ok: true });
  });

  it('sets each row tag of align* at the right margin in display maths, after its row inline', () => {
    const src = '\\begin{align*} a&=b \\tag{1}\\\\ c&=d \\tag{2}\\\\ e&=f \\end{align*}';
    const html = katexHtml(src, true);
    expect(html).toContain('class="katex-tag"');
    // the tags column holds "(1)" and "(2)" in row order, and nothing for the untagged row
    const tags = html.slice(html.indexOf('>', html.indexOf('class="katex-tag"')) + 1);
    expect(visible(tags)).toBe('(1)(2)');
    expect(visible(html)).toBe('ace=b=d=f(1)(2)');
    // `align` with tags gets no number on its untagged rows either (as the rename to aligned)
    expect(visible(katexHtml('\\begin{align} a&=b \\tag{3}\\\\ c&=d \\end{align}', true))).toBe(
      'ac=b=d(3)',
    );
    expect(normaliseLatex(src)).toBe(
      '\\begin{aligned} a&=b \\qquad\\text{(1)}\\\\ c&=d \\qquad\\text{(2)}\\\\ e&=f \\end{aligned}',
    );
    expect(visible(katexHtml(src, false))).toBe('ace=b(1)=d(2)=f');
    // KaTeX takes one \tag in eqnarray (array): several become text after their rows
    const eqnarray = '\\begin{eqnarray} a&=&b \\tag{1}\\\\ c&=&d \\tag{2} \\end{eqnarray}';
    expect(visible(katexHtml(eqnarray, true))).toBe('ac==b(1)d(2)');
  });

  it('renders \\centerline{…} as its content: prose with maths, or maths', () => {
    const text = katexHtml('\\centerline{Hello $x^2$ world}', true);
    expect(text).toContain('class="katex-display"'); // centred
    expect(text).toMatch(/<span class="mord text"><span class="mord">Hello\s<\/span>/); // text mode
    expect(visible(text)).toBe('Hello x2 world');
    expect(visible(katexHtml('\\centerline{x^2+1}', true))).toBe('x2+1');
    expect(visible(katexHtml('\\centerline{\\textbf{Table 1}}', false))).toBe('Table 1');
    const table = katexHtml('\\centerline{\\begin{tabular}{|c|c|} a & $b$ \\end{tabular}}', true);
    expect(visible(table)).toBe('ab');
    expect(table).toContain('vertical-separator');
  });

  it('renders plain TeX \\root n \\of x as \\sqrt[n]{x}', () => {
    const cases: Array<[string, string]> = [
      ['\\root 3 \\of {x}', '\\sqrt[3]{x}'],
      ['\\root n \\of x+1', '\\sqrt[n]{x}+1'],
      ['\\root n+1\\of\\alpha', '\\sqrt[n+1]{\\alpha}'],
      ['\\root 3 \\of {\\root 2 \\of y}', '\\sqrt[3]{\\sqrt[2]{y}}'],
    ];
    for (const [src, sqrt] of cases) {
      expect(normaliseLatex(src), src).toBe(sqrt);
      expect(katexHtml(src, false), src).toBe(katexHtml(sqrt, false));
    }
    expect(visible(katexHtml('\\root 3 \\of {x}', false))).toBe('3x');
  });

  it('turns \\vspace in a tabular into the row gap, or drops it', () => {
    const src =
      '\\begin{tabular}{|c|c|} a & b \\\\ \\vspace{2mm} c & d \\vspace*{1 ex}\\\\ e & f \\\\ \\vspace{\\baselineskip} g & h \\end{tabular}';
    const normalised = normaliseLatex(src);
    expect(normalised).toBe(
      '\\begin{array}{|c|c|}\\text{a} & \\text{b}\\\\[2mm] \\text{c} & \\text{d}\\\\[1ex] \\text{e} & \\text{f}\\\\ \\text{g} & \\text{h}\\end{array}',
    );
    expect(visible(katexHtml(src, true))).toBe('acegbdfh');
    expect(visible(katexHtml('\\begin{array}{c} a \\\\ \\vspace{2mm} b \\end{array}', true))).toBe(
      'ab',
    );
  });

  it('sets a tabular title row (\\multicolumn over every column) centred above the table', () => {
    const src =
      '\\begin{tabular}{|c|c|c|} \\hline \\multicolumn{3}{|c|}{Scores of $n$} \\\\ \\hline x & $y$ & z \\\\ 1 & 2 & 3 \\\\ \\hline \\end{tabular}';
    expect(normaliseLatex(src)).toBe(
      '\\begin{gathered}\\text{Scores of }{n}\\\\ \\begin{array}{|c|c|c|}\\hline \\text{x} & {y} & \\text{z}\\\\ \\text{1} & \\text{2} & \\text{3}\\\\ \\hline \\end{array}\\end{gathered}',
    );
    const html = katexHtml(src, true);
    expect(visible(html)).toBe('Scores of nx1y2z3');
    // an empty one is spacing, left as it was
    expect(
      normaliseLatex('\\begin{tabular}{cc} \\multicolumn{2}{c}{} \\\\ a & b \\end{tabular}'),
    ).toBe('\\begin{array}{cc} & \\\\ \\text{a} & \\text{b}\\end{array}');
    // not a title: spans fewer columns than the table has
    const partial = '\\begin{tabular}{ccc} \\multicolumn{2}{c}{T} \\\\ a & b & c \\end{tabular}';
    expect(normaliseLatex(partial)).toBe(
      '\\begin{array}{ccc}\\text{T} & \\\\ \\text{a} & \\text{b} & \\text{c}\\end{array}',
    );
  });

  it('sets a \\multicolumn{n}{c}{\\textbf{…}} title row of a tabular written with a position [t] or with lines ended by % comments', () => {
    const title = '\\multicolumn{2}{|c|}{\\textbf{Votes for $x$}}';
    for (const src of [
      `\\begin{tabular}[t]{|c|c|}\\hline ${title}\\\\ \\hline Fruit & Votes \\\\ Apple & 5 \\\\ \\hline \\end{tabular}`,
      `\\begin{tabular}{|c|c|}%\n  \\hline ${title}\\\\ \\hline % the title\n  Fruit & Votes \\\\ % then a row\n  Apple & 5 \\\\ \\hline \\end{tabular}`,
    ]) {
      expect(normaliseLatex(src), src).toBe(
        '\\begin{gathered}\\text{\\textbf{Votes for $x$}}\\\\ \\begin{array}{|c|c|}\\hline \\text{Fruit} & \\text{Votes}\\\\ \\text{Apple} & \\text{5}\\\\ \\hline \\end{array}\\end{gathered}',
      );
      expect(visible(katexHtml(src, true)), src).toBe('Votes for xFruitAppleVotes5');
    }
    // an escaped \% is text, not a comment
    expect(
      normaliseLatex(
        '\\begin{tabular}{cc} \\multicolumn{2}{c}{\\textbf{50\\% off}} \\\\ a & b \\end{tabular}',
      ),
    ).toBe(
      '\\begin{gathered}\\text{\\textbf{50\\% off}}\\\\ \\begin{array}{cc}\\text{a} & \\text{b}\\end{array}\\end{gathered}',
    );
  });

  it('never produces links, images, classes or data attributes (trust: false)', () => {
    for (const src of [
      '\\href{javascript:alert(1)}{x}',
      '\\url{javascript:alert(1)}',
      '\\includegraphics{https://evil.example/x.png}',
      '\\htmlClass{evil}{x}',
      '\\htmlId{evil}{x}',
      '\\htmlStyle{background:url(evil)}{x}',
      '\\htmlData{x=evil}{x}',
    ]) {
      const r = renderMath(src);
      expect(r, src).toMatchObject({ ok: false });
      if (!r.ok) expect(r.error).toMatch(/is not allowed/);
    }
  });

  it('keeps the commands inert in KaTeX itself (trust: false) if they slip through', async () => {
    const katex = (await import('katex')).default;
    for (const src of [
      '\\href{javascript:alert(1)}{x}',
      '\\htmlClass{evil}{x}',
      '\\htmlData{x=evil}{x}',
    ]) {
      const html = katex.renderToString(src, {
        trust: false,
        throwOnError: true,
        strict: 'ignore',
      });
      expectInert(html.replace(/<annotation[\s\S]*?<\/annotation>/, ''));
    }
  });

  // How long these refusals take is measured by `npm run test:perf` (math.perf.test.ts).
  it('stops a macro bomb by its expansion limit', () => {
    const r = renderMath('\\def\\a{\\a\\a}\\a');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toMatch(/Too many expansions/);
  });

  it('bounds sizes and refuses huge expressions', () => {
    const big = renderMath('\\rule{100000em}{100000em}');
    expect(big.ok).toBe(true);
    if (big.ok) {
      expect(big.html.replace(/<annotation[\s\S]*?<\/annotation>/, '')).not.toContain('100000em');
      expect(big.html).toContain('20em');
    }
    expect(renderMath('x'.repeat(50_000))).toMatchObject({ ok: false });
  });

  it('fails 5,000 nested braces instead of crashing', () => {
    const r = renderMath(`${'{'.repeat(5000)}x${'}'.repeat(5000)}`);
    expect(r).toMatchObject({ ok: false });
  });

  it('does not let \\gdef leak from one expression into the next', () => {
    expect(renderMath('\\gdef\\foo{1}\\foo')).toMatchObject({ ok: true });
    expect(renderMath('\\foo')).toMatchObject({ ok: false });
  });
});

describe('checkMath', () => {
  it('is empty for clean text', () => {
    expect(checkMath('Solve $x^2=4$: \\[x=\\pm 2\\]')).toEqual([]);
    expect(checkMath('')).toEqual([]);
  });

  it('lists failing expressions, unpaired delimiters and bare LaTeX', () => {
    const issues = checkMath('Bad $\\foo$ and $$\\bar{$$ and \\frac12 then $x');
    expect(issues.map((i) => [i.kind, i.source])).toEqual([
      ['render', '$\\foo$'],
      ['render', '$$\\bar{$$'],
      ['bare-latex', '\\frac'],
      ['unbalanced', '$'],
    ]);
    expect(issues[0]!.message).toMatch(/Undefined control sequence/);
  });

  it("gives each expression renderMath's own verdict and message, though it builds only the HTML", () => {
    const expressions = [
      '\\frac{1}{2}',
      '\\frc{1}{2}',
      '\\left( x',
      '\\begin{pmatrix} 1 & 2 \\end{bmatrix}',
      '\\href{https://example.com}{x}',
      '\\rule{1000em}{1em}',
      '\\color{nonsense}{x}',
      'x^{',
      '\\tag{1} x',
      '\\sqrt[3]{x} + \\overbrace{a+b}^{n}',
    ];
    for (const expr of expressions) {
      const full = renderMath(expr);
      const issues = checkMath(`See $${expr}$ here.`);
      expect(
        issues.filter((i) => i.kind === 'render').map((i) => i.message),
        expr,
      ).toEqual(full.ok ? [] : [full.error]);
    }
  });

  it('with a verdict map, renders each distinct expression once and reports the same issues', () => {
    const verdicts = new Map<string, string | null>();
    const text = 'Take $x$ and $\\frc{1}{2}$, then $x$ again and $$x$$.';
    const first = checkMath(text, verdicts);
    expect(first).toEqual(checkMath(text));
    // Inline and display of the same source are kept apart: three distinct expressions.
    expect([...verdicts.keys()].sort()).toEqual(['Dx', 'I\\frc{1}{2}', 'Ix']);
    expect(verdicts.get('Ix')).toBeNull();
    expect(verdicts.get('I\\frc{1}{2}')).toMatch(/Undefined control sequence/);
    // A second text is answered from the map: a planted verdict shows it was not rendered again.
    verdicts.set('Ix', 'planted');
    expect(checkMath('Only $x$.', verdicts)).toEqual([
      { kind: 'render', source: '$x$', message: 'planted' },
    ]);
  });
});
