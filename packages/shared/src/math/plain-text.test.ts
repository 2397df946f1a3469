import { describe, expect, it } from 'vitest';
import { inlineMathSource, latexToPlainText, mathPlainText, truncateText } from './plain-text';
import { renderRichText } from './render-rich-text';

// The plain text a page's title, description and JSON-LD read an example's maths as.

describe('latexToPlainText', () => {
  it.each([
    ['\\frac{1}{2}', '1/2'],
    ['\\dfrac{a}{b}', 'a/b'],
    ['\\tfrac13', '1/3'],
    ['\\frac{x+1}{2}', '(x+1)/2'],
    ['\\frac{\\pi}{4}', 'π/4'],
    ['\\frac{-b\\pm\\sqrt{b^2-4ac}}{2a}', '(-b ± √(b^2-4ac))/2a'],
    ['\\left(x + \\tfrac{1}{2}\\right)^2', '(x + 1/2)^2'],
  ])('fractions: %s → %s', (latex, text) => {
    expect(latexToPlainText(latex)).toBe(text);
  });

  it.each([
    ['\\sqrt{x}', '√x'],
    ['\\sqrt{b^2-4ac}', '√(b^2-4ac)'],
    ['\\sqrt[3]{8}', '3√8'],
    ['2\\sqrt{10}', '2√10'],
  ])('roots: %s → %s', (latex, text) => {
    expect(latexToPlainText(latex)).toBe(text);
  });

  it.each([
    ['\\alpha + \\beta = \\pi', 'α + β = π'],
    ['\\Delta \\theta', 'Δ θ'],
    ['a \\le b \\ne c', 'a ≤ b ≠ c'],
    ['3 \\cdot 4 \\times 5', '3 · 4 × 5'],
    ['x \\to \\infty', 'x → ∞'],
    ['k \\in \\mathbb{Z}', 'k ∈ ℤ'],
    ['f : \\mathbb{R} \\to \\mathbb{R}', 'f : ℝ → ℝ'],
  ])('Greek letters and symbols: %s → %s', (latex, text) => {
    expect(latexToPlainText(latex)).toBe(text);
  });

  it.each([
    ['x = 5\\text{ cm}', 'x = 5 cm'],
    ['x=1\\text{ or }x=2', 'x=1 or x=2'],
    ['\\text{Bin}(n, p)', 'Bin(n, p)'],
    ['\\mathrm{d}x', 'dx'],
    ['\\operatorname{lcm}(4, 6)', 'lcm(4, 6)'],
    ['\\boxed{42}', '42'],
  ])('text and font commands keep their content: %s → %s', (latex, text) => {
    expect(latexToPlainText(latex)).toBe(text);
  });

  it.each([
    ['x^2', 'x^2'],
    ['x^{10}', 'x^(10)'],
    ['a_{n+1}', 'a_(n+1)'],
    ['a_1', 'a_1'],
    ['\\log_2 32', 'log_2 32'],
    ['\\sin^2 x + \\cos^2 x = 1', 'sin^2 x + cos^2 x = 1'],
    ['\\int_0^1 x^2\\,dx', '∫_0^1 x^2 dx'],
    ['\\lim_{x \\to 0} \\frac{\\sin x}{x}', 'lim_(x → 0) (sin x)/x'],
  ])('subscripts and superscripts: %s → %s', (latex, text) => {
    expect(latexToPlainText(latex)).toBe(text);
  });

  it.each([
    ['k\\binom{n}{k}', 'kC(n, k)'],
    ['n \\equiv 23 \\pmod{105}', 'n ≡ 23 (mod 105)'],
    ['p \\mid 1', 'p | 1'],
    ['f\\big(x^2 + f(y)\\big)', 'f(x^2 + f(y))'],
    ['\\{1, 2\\}', '{1, 2}'],
    ['x,\\ y', 'x, y'],
  ])('other notation reads as written on paper: %s → %s', (latex, text) => {
    expect(latexToPlainText(latex)).toBe(text);
  });

  it('an environment reads as its rows, separated by semicolons', () => {
    expect(latexToPlainText('\\begin{cases} 3x + 2y = 16 \\\\ 5x - 2y = 16 \\end{cases}')).toBe(
      '3x + 2y = 16; 5x - 2y = 16',
    );
  });
});

describe('mathPlainText', () => {
  it('reads the prose as written and each formula as plain text', () => {
    expect(mathPlainText('Solve $\\frac{x}{3} + 4 = 10$ for $x$.')).toBe(
      'Solve x/3 + 4 = 10 for x.',
    );
    expect(mathPlainText('The value of $\\pi$ is about $3.14$.')).toBe(
      'The value of π is about 3.14.',
    );
    expect(mathPlainText('Then \\(a_1 = 2\\) holds.')).toBe('Then a_1 = 2 holds.');
  });

  it('reads display maths inline, on one line', () => {
    expect(mathPlainText('Solve $$x^2 = 4$$ now.')).toBe('Solve x^2 = 4 now.');
    expect(mathPlainText('Solve \\[x^2 = 4\\]\nnow.')).toBe('Solve x^2 = 4 now.');
    expect(
      mathPlainText(
        'Solve the system $$\\begin{cases} 3x + 2y = 16 \\\\ 5x - 2y = 16 \\end{cases}$$',
      ),
    ).toBe('Solve the system 3x + 2y = 16; 5x - 2y = 16');
    expect(mathPlainText('\\begin{align*} x &= 1 \\\\ y &= 2 \\end{align*}')).toBe('x = 1; y = 2');
  });

  it('leaves code blocks out', () => {
    expect(mathPlainText('Look at [asy]draw((0,0)--(1,1));[/asy] the figure.')).toBe(
      'Look at the figure.',
    );
  });

  it('keeps dollar signs of prose and collapses blank lines', () => {
    expect(mathPlainText('It costs \\$5 and \\$10.')).toBe('It costs $5 and $10.');
    expect(mathPlainText('Price $5 and $10 total')).toBe('Price $5 and $10 total');
    expect(mathPlainText('Line one\n\n  Line two  ')).toBe('Line one Line two');
    expect(mathPlainText('   ')).toBe('');
  });
});

describe('truncateText', () => {
  it('leaves text that fits as it is', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('exactly ten', 11)).toBe('exactly ten');
  });

  it('cuts at a word boundary, with an ellipsis, within the limit', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    expect(truncateText(text, 20)).toBe('The quick brown…');
    // From 12 characters on, a space always falls in the second half of the cut: whole words.
    for (let max = 12; max < text.length; max++) {
      const cut = truncateText(text, max);
      expect(cut.length, String(max)).toBeLessThanOrEqual(max);
      expect(cut.endsWith('…')).toBe(true);
      expect(text.startsWith(`${cut.slice(0, -1)} `), cut).toBe(true);
    }
  });

  it('drops punctuation left before the ellipsis', () => {
    expect(truncateText('One two three. Four five', 16)).toBe('One two three…');
    expect(truncateText('Hello, world, again and again', 14)).toBe('Hello, world…');
  });

  it('cuts a word when no space comes late enough', () => {
    expect(truncateText('Supercalifragilistic', 10)).toBe('Supercali…');
    expect(truncateText('a Supercalifragilistic', 10)).toBe('a Superca…');
  });
});

describe('inlineMathSource', () => {
  it('makes display maths inline and prose one line, leaving inline maths and prices alone', () => {
    expect(
      inlineMathSource(
        'Solve the system $$\\begin{cases} x+y=2 \\\\ x-y=0 \\end{cases}$$\n\nfor $x$.',
      ),
    ).toBe('Solve the system $\\begin{cases} x+y=2 \\\\ x-y=0 \\end{cases}$ for $x$.');
    expect(inlineMathSource('Find \\[\\int_0^1 x\\,dx\\]   now')).toBe(
      'Find $\\int_0^1 x\\,dx$ now',
    );
    expect(inlineMathSource('It costs $5 and $10.')).toBe('It costs $5 and $10.');
    expect(inlineMathSource('Draw [asy]draw((0,0)--(1,1));[/asy] the line')).toBe('Draw the line');
  });

  it('renders with no display block and no error, display-only environments included', () => {
    for (const text of [
      'Prove $$\\frac{1}{a} + \\frac{1}{b} \\ge \\frac{4}{a+b}$$ for positive $a, b$.',
      'Simplify \\begin{align*} x &= 2 \\\\ y &= 3 \\end{align*} then add.',
      'Show $$\\begin{gather} a = b \\end{gather}$$',
    ]) {
      const html = renderRichText(inlineMathSource(text));
      expect(html, text).not.toContain('katex-display');
      expect(html, text).not.toContain('katex-error');
      expect(html, text).toContain('class="katex"');
    }
  });
});
