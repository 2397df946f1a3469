import { describe, expect, it } from 'vitest';
import { mathmlOnly } from './mathml-only';
import { renderMath } from './render-math';
import { renderRichText } from './render-rich-text';

const typeset = (src: string, displayMode: boolean, output?: 'mathml') => {
  const result = renderMath(src, { displayMode, output });
  if (!result.ok) throw new Error(result.error);
  return result.html;
};

describe('mathmlOnly', () => {
  it.each([
    'x',
    'x^2 - 5x + 6 = 0',
    '\\frac{a}{b} + \\sqrt{x^2+1}',
    '\\sqrt[3]{27}',
    '\\int_0^1 x e^{2x}\\,dx',
    '\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}',
    '\\begin{aligned} 3x - 4 &= 50 \\\\ x &= 18 \\end{aligned}',
    '\\overrightarrow{AB} \\cdot \\widehat{xyz}',
    '\\text{if } a < b \\text{ and } b > c',
    '\\left( \\frac{1}{2} \\right)^{n} \\le \\binom{n}{k}',
  ])('writes %s as KaTeX writes it with MathML output only, inline and displayed', (src) => {
    expect(mathmlOnly(typeset(src, false))).toBe(typeset(src, false, 'mathml'));
    // A displayed formula keeps its display wrapper (centred, on a line of its own).
    expect(mathmlOnly(typeset(src, true))).toBe(
      `<span class="katex-display">${typeset(src, true, 'mathml')}</span>`,
    );
  });

  it('keeps prose, display wrappers and error marks, and leaves no visual layout', () => {
    const html = renderRichText(
      'Solve $3x - 4 = 50$ & <b>check</b>: $$x = \\frac{54}{3}$$ then $\\notacommand$.',
    );
    const lite = mathmlOnly(html);
    expect(lite).not.toContain('katex-html');
    expect(lite).not.toContain('katex-mathml');
    expect(lite.match(/<math /g)).toHaveLength(2);
    expect(lite).toContain('&amp; &lt;b&gt;check&lt;/b&gt;');
    expect(lite).toContain('class="math-display"');
    expect(lite).toMatch(
      /<code class="math-source">\$\\notacommand\$<\/code> <span class="math-error"[^>]*>\(LaTeX Error\)<\/span>/,
    );
    expect(lite.startsWith('Solve <span class="katex"><math ')).toBe(true);
    expect(mathmlOnly(lite)).toBe(lite);
    expect(lite.length).toBeLessThan(html.length / 2);
  });

  it('leaves markup of another shape unchanged', () => {
    for (const html of [
      '',
      'plain text',
      '<span class="katex-mathml"><math></math></span>',
      '<span class="katex-mathml"><math></math></span><span class="katex-html" aria-hidden="true"><span>',
    ]) {
      expect(mathmlOnly(html)).toBe(html);
    }
  });
});
