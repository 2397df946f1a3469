import { renderRichText, richTextCache } from '@exemplar/shared/math';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText, PROGRESSIVE_FROM_CHARS } from './math-text';

describe('<MathText>', () => {
  it('renders prose, inline and display maths', () => {
    const { container } = render(<MathText text={'Let $x^2$ be\n$$\\int_0^1 x\\,dx$$'} />);
    const root = container.firstElementChild!;
    expect(root.tagName).toBe('DIV');
    expect(root).toHaveProperty('className', 'math-text');
    expect(root.textContent).toContain('Let ');
    expect(root.querySelectorAll('.katex')).toHaveLength(2);
    const display = root.querySelector('.math-display');
    expect(display?.querySelector('.katex-display')).not.toBeNull();
    // MathML for screen readers
    expect(root.querySelector('math')).not.toBeNull();
  });

  it('keeps line breaks', () => {
    const { container } = render(<MathText text={'one\ntwo'} />);
    expect(container.querySelectorAll('br')).toHaveLength(1);
  });

  it('shows a failing expression with the default marker', () => {
    const { container } = render(<MathText text={'bad $\\nope{1}$ here'} />);
    expect(container.querySelector('.math-source')?.textContent).toBe('$\\nope{1}$');
    const marker = container.querySelector('.math-error');
    expect(marker?.textContent).toBe('(LaTeX Error)');
    expect(marker?.getAttribute('title')).toMatch(/Undefined control sequence/);
  });

  it('uses the given error label', () => {
    const { container } = render(<MathText text={'$\\nope$'} errorLabel="Error" />);
    expect(container.querySelector('.math-error')?.textContent).toBe('Error');
  });

  it('never turns input into markup', () => {
    const { container } = render(
      <MathText
        text={
          '<script>window.hacked = 1</script><img src=x onerror="1"> $\\href{javascript:alert(1)}{x}$'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = 1</script>');
  });

  it('renders [asy] code as a code block', () => {
    const { container } = render(<MathText text={'[asy]label("$A$");[/asy]'} />);
    expect(container.querySelector('pre code')?.textContent).toBe('label("$A$");');
  });

  it('can render inline as a span', () => {
    const { container } = render(<MathText text="$x$" inline />);
    expect(container.firstElementChild?.tagName).toBe('SPAN');
  });

  it('typesets a long text a part at a time, busy until done, ending with the same content', async () => {
    const text = 'Step: $\\frac{a}{b}$, so\n\\[x^2\\]\nand $y$ costs \\$5.\n\n'.repeat(200);
    expect(text.length).toBeGreaterThan(PROGRESSIVE_FROM_CHARS);
    richTextCache.clear();
    const { container } = render(<MathText text={text} />);
    const root = container.firstElementChild!;
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(root.querySelectorAll('.katex')).toHaveLength(0); // nothing typeset in the mounting task
    await waitFor(() => expect(root.hasAttribute('aria-busy')).toBe(false), { timeout: 10_000 });
    expect(root.querySelectorAll('.math-part').length).toBeGreaterThan(1);
    const whole = document.createElement('div');
    whole.innerHTML = renderRichText(text);
    expect(root.textContent).toBe(whole.textContent);
    expect(root.querySelectorAll('.katex')).toHaveLength(600);
  }, 30_000); // it waits up to 10 s for the slices: the 5 s default timed out on a loaded machine
});
