import { describe, expect, it } from 'vitest';
import { questionKey } from './question-key';

const same = (a: string, b: string) => expect(questionKey(a)).toBe(questionKey(b));
const differ = (a: string, b: string) => expect(questionKey(a)).not.toBe(questionKey(b));

describe('questionKey', () => {
  it('ignores case and collapses whitespace, keeping the space between two words', () => {
    same('Compute  $X + 1$.\n', 'compute $x+1$.');
    same('  What is\t2+2? ', 'What is 2 + 2?');
    differ('What is a b?', 'What is ab?');
  });

  it('reads \\dfrac and \\tfrac as \\frac, but not a longer command that starts with them', () => {
    same('Find $\\dfrac{1}{2}$', 'Find $\\frac{1}{2}$');
    same('Find $\\tfrac{1}{2}$', 'Find $\\frac {1} {2}$');
    differ('Find $\\dfracx$', 'Find $\\fracx$');
  });

  it('drops \\left and \\right before delimiters', () => {
    same('Solve $\\left(x+1\\right)^2=4$', 'Solve $(x+1)^2=4$');
    same('Let $\\left\\{a\\right\\}$', 'Let $\\{a\\}$');
  });

  it('removes spacing commands', () => {
    same('Show $a\\,b\\;c\\!d\\quad e\\qquad f$', 'Show $a b c d e f$');
    same('Show $x\\:=\\ 1$', 'Show $x = 1$');
  });

  it('unifies display and inline delimiters, without touching a \\\\[2pt] line break', () => {
    same('Evaluate \\[x^2\\]', 'Evaluate $$x^2$$');
    same('Evaluate \\(x^2\\)', 'Evaluate $x^2$');
    differ('Evaluate $$x^2$$', 'Evaluate $x^2$');
    expect(questionKey('$\\begin{array}{c}a\\\\[2pt]b\\end{array}$')).toContain('\\\\[2pt]');
  });

  it('drops braces around one character or command in a superscript or subscript only', () => {
    same('Find $x^{2}+y_{1}$', 'Find $x^2+y_1$');
    same('Find $e^{\\pi}$', 'Find $e^\\pi$');
    differ('Find $x^{12}$', 'Find $x^12$');
  });

  it('keeps different questions apart', () => {
    differ('Compute $1+2$.', 'Compute $1+3$.');
    differ('Compute $\\frac{1}{2}$.', 'Compute $\\frac{2}{1}$.');
  });
});
