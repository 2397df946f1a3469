import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cachedRichText,
  renderRichText,
  richTextCache,
  richTextParts,
  RICH_TEXT_CACHE_SIZE,
} from './render-rich-text';

describe('renderRichText', () => {
  beforeEach(() => richTextCache.clear());

  it('renders empty input as nothing', () => {
    expect(renderRichText('')).toBe('');
  });

  it('escapes HTML in prose: <script> never becomes markup', () => {
    const html = renderRichText('<script>alert(1)</script> & <img src=x onerror=alert(1)> "q"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img');
    expect(html).toContain('&quot;q&quot;');
  });

  it('escapes HTML inside maths and in failing sources', () => {
    const ok = renderRichText('$<script>$');
    expect(ok).not.toContain('<script');
    const bad = renderRichText('$\\foo<b>x</b>$');
    expect(bad).not.toContain('<b>');
    expect(bad).toContain('&lt;b&gt;');
  });

  it('keeps line breaks as <br>', () => {
    expect(renderRichText('a\nb\r\nc')).toBe('a<br>b<br>c');
  });

  it('renders inline maths inline and display maths in a scrolling block', () => {
    const html = renderRichText('Let $x$ be\n$$x^2$$\nthen.');
    expect(html).toMatch(/^Let <span class="katex">/);
    expect(html).toContain('<div class="math-display"><span class="katex-display">');
    // one newline on each side of a block is absorbed by the block itself
    expect(html).not.toContain('<br><div');
    expect(html).not.toMatch(/<\/div><br>/);
  });

  it('keeps punctuation after inline maths on the same line', () => {
    const html = renderRichText('so $x$, then $y$.');
    expect(html).toMatch(/^so <span class="math-nowrap"><span class="katex">.*,<\/span> then /);
    expect(html).toMatch(/<span class="math-nowrap"><span class="katex">.*\.<\/span>$/);
    expect(html).not.toContain('</span>,,');
  });

  it('shows a failing expression as escaped source plus the red marker', () => {
    const html = renderRichText('ok $\\nope{1}$ end');
    expect(html).toContain('<code class="math-source">$\\nope{1}$</code>');
    expect(html).toMatch(/<span class="math-error"[^>]*>\(LaTeX Error\)<\/span>/);
    expect(html).toContain('title="KaTeX parse error: Undefined control sequence');
  });

  it('uses the configured error label', () => {
    expect(renderRichText('$\\nope$', { errorLabel: 'Error' })).toMatch(
      /<span class="math-error"[^>]*>Error<\/span>/,
    );
    expect(renderRichText('$\\nope$', { errorLabel: '<b>' })).toContain('>&lt;b&gt;</span>');
  });

  it('shows [asy] blocks as escaped code', () => {
    const html = renderRichText('[asy]draw((0,0)--(1,1)); label("$<A>$");[/asy]');
    expect(html).toBe(
      '<pre class="math-code"><code>draw((0,0)--(1,1)); label(&quot;$&lt;A&gt;$&quot;);</code></pre>',
    );
  });

  it('renders literal dollars and keeps unbalanced $ visible', () => {
    expect(renderRichText('costs \\$5')).toBe('costs $5');
    expect(renderRichText('costs $5')).toBe('costs $5');
  });

  it('renders prices as prose: "It costs $5 and $10 in total." has no maths and no italics', () => {
    expect(renderRichText('It costs $5 and $10 in total.')).toBe('It costs $5 and $10 in total.');
    expect(renderRichText('Thus, $20,000 and $30,000 won’t parse.')).toBe(
      'Thus, $20,000 and $30,000 won’t parse.',
    );
  });

  it('renders "$ x$", "$x $" and "$x$5" as maths, as TeX does, and "$$ x $$" as display maths', () => {
    for (const src of ['a $ x$ b', 'a $x $ b', 'a $x$5 b']) {
      expect(renderRichText(src), src).toMatch(/^a <span class="katex">.*<\/span> ?5? b$/);
    }
    expect(renderRichText('$$ x $$')).toMatch(/^<div class="math-display">/);
    expect(renderRichText('It costs $5 and $10 in total.')).toBe('It costs $5 and $10 in total.');
  });

  it('renders a price next to maths: "\\$5 or $x$ dollars" and "$5 for $x$ kg"', () => {
    const escaped = renderRichText('costs \\$5 or $x$ dollars');
    expect(escaped).toMatch(/^costs \$5 or <span class="katex">.*<\/span> dollars$/);
    // "$5 for $" is a price (an amount, then prose up to the next $), so that $ opens $x$.
    const bare = renderRichText('costs $5 for $x$ kg');
    expect(bare).toMatch(/^costs \$5 for <span class="katex">.*<\/span> kg$/);
    expect(bare.match(/class="katex"/g)).toHaveLength(1);
  });

  it('renders bare align* and \\[…\\] as display maths', () => {
    const html = renderRichText('\\begin{align*} a &= b \\\\ c &= d \\end{align*} and \\[e\\]');
    expect(html.match(/class="math-display"/g)).toHaveLength(2);
    expect(html).not.toContain('math-error');
  });

  it('renders a bare \\centerline{…} in prose as a centred display, with no TeX left showing', () => {
    const html = renderRichText(
      'The table:\n\\centerline{Values of $f(x)$}\n\\centerline{\\begin{tabular}{cc} $x$ & 1 \\end{tabular}}\nso',
    );
    expect(html).toMatch(/^The table:<div class="math-display"><span class="katex-display">/);
    expect(html.match(/class="math-display"/g)).toHaveLength(2);
    expect(html).not.toContain('math-error');
    expect(html).not.toContain('katex-error');
    // no command in what is shown (the MathML annotation holds the normalised source)
    const shown = html.replace(/<annotation[\s\S]*?<\/annotation>/g, '').replace(/<[^>]*>/g, '');
    expect(shown).not.toMatch(/\\|centerline|tabular|[{}]/);
    expect(shown).toMatch(/^The table:Values\sof\sf\(x\)/);
    expect(shown).toMatch(/so$/);
  });

  it('keeps security-sensitive commands inert in rich text', () => {
    const html = renderRichText(
      '$\\href{javascript:alert(1)}{x}$ $\\url{javascript:alert(2)}$ $\\includegraphics{x.png}$ $\\htmlClass{evil}{y}$ $\\htmlData{a=b}{z}$',
    );
    expect(html).not.toMatch(/<a[\s>]/);
    expect(html).not.toMatch(/<img[\s>]/);
    expect(html).not.toMatch(/href=|src=/);
    expect(html).not.toMatch(/class="[^"]*evil/);
    expect(html).not.toContain('data-a');
  });

  it('renders every attack from the browser test inert, each failing one with the marker', () => {
    for (const src of [
      '$\\href{javascript:alert(1)}{click}$',
      '$\\url{javascript:alert(1)}$',
      '$\\includegraphics{http://127.0.0.1:1/x.png}$',
      '$\\htmlClass{x}{y}$',
      '$\\htmlData{a=b}{y}$',
      '$\\def\\a{\\a\\a}\\a$',
      `$${'{'.repeat(5000)}x${'}'.repeat(5000)}$`,
      '$<script>window.__pwned=2</script>$',
    ]) {
      const html = renderRichText(src);
      expect(html, src).toMatch(/<span class="math-error"[^>]*>\(LaTeX Error\)<\/span>/);
      expect(html, src).not.toMatch(/<(a|img|script)[\s>]/);
      expect(html, src).not.toMatch(/(href|src)=|class="x"|data-a=/);
    }
    const rule = renderRichText('$\\rule{100000em}{100000em}$');
    expect(rule).not.toContain('math-error');
    expect(rule.replace(/<annotation[\s\S]*?<\/annotation>/, '')).not.toContain('100000em');
    for (const src of ['<img src=x onerror=alert(1)>', '<script>window.__pwned=1</script>']) {
      const html = renderRichText(src);
      expect(html).not.toMatch(/<(img|script)[\s>]/);
      expect(html).toMatch(/^&lt;(img|script)/);
    }
  });

  it('fails a macro bomb and shows the marker (its time: `npm run test:perf`, math.perf.test.ts)', () => {
    const html = renderRichText('$\\def\\a{\\a\\a}\\a$');
    expect(html).toContain('math-error');
  });

  it('renders long input', () => {
    const text = 'Step $x_{n+1} = x_n^2 + \\frac{1}{n}$ holds.\n'.repeat(500);
    const html = renderRichText(text);
    expect(html.match(/class="katex"/g)).toHaveLength(500);
  });

  it('memoises by text and label in a bounded LRU', () => {
    const first = renderRichText('$y^2$');
    expect(renderRichText('$y^2$')).toBe(first);
    expect(richTextCache.size).toBe(1);
    renderRichText('$y^2$', { errorLabel: 'Error' });
    expect(richTextCache.size).toBe(2);
    for (let i = 0; i < RICH_TEXT_CACHE_SIZE + 50; i++) renderRichText(`n ${i}`);
    expect(richTextCache.size).toBe(RICH_TEXT_CACHE_SIZE);
  });
});

describe('richTextParts', () => {
  const PIECES = [
    'Let ',
    '$x^2$',
    ', then ',
    '.',
    '$$\\sum_i i$$',
    '\\[\\frac{a}{b}\\]',
    '\\(y\\)',
    '\n',
    '\n\n',
    '$\\frac{1}{$',
    '\\(',
    '$',
    '[asy]draw($x$);[/asy]',
    '\\begin{align*}a&=b\\end{align*}',
    ' word ',
    '\\$5',
    '<b>',
  ];

  it('joined in order, gives exactly renderRichText for random texts and part sizes, and memoises it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }),
        fc.integer({ min: 1, max: 60 }),
        (pieces, partChars) => {
          const text = pieces.join('');
          richTextCache.clear();
          const joined = richTextParts(text, { partChars })
            .map((part) => part())
            .join('');
          expect(cachedRichText(text)).toBe(joined);
          richTextCache.clear();
          expect(joined).toBe(renderRichText(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cuts a 48,000-character procedure into parts of about 2,000 source characters', () => {
    const text = 'Step: $\\frac{a}{b}$, so\n\\[x^2\\]\nand $y$.\n\n'.repeat(1_200);
    const parts = richTextParts(text);
    expect(parts.length).toBeGreaterThan(20);
    expect(parts.length).toBeLessThan(30);
  });
});
