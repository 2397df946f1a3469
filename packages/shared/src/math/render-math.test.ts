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

  it('stops a macro bomb fast', () => {
    const t0 = performance.now();
    const r = renderMath('\\def\\a{\\a\\a}\\a');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toMatch(/Too many expansions/);
    expect(performance.now() - t0).toBeLessThan(1000);
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

  it('fails 5,000 nested braces fast instead of crashing', () => {
    const t0 = performance.now();
    const r = renderMath(`${'{'.repeat(5000)}x${'}'.repeat(5000)}`);
    expect(r).toMatchObject({ ok: false });
    expect(performance.now() - t0).toBeLessThan(1000);
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
    const issues = checkMath('Bad $\\foo$ and $$\\bar{$$ and \\frac12 then $5');
    expect(issues.map((i) => [i.kind, i.source])).toEqual([
      ['render', '$\\foo$'],
      ['render', '$$\\bar{$$'],
      ['bare-latex', '\\frac'],
      ['unbalanced', '$'],
    ]);
    expect(issues[0]!.message).toMatch(/Undefined control sequence/);
  });
});
