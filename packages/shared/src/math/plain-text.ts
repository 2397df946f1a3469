import { splitMath } from './split-math';

/** Symbols read as the character they print. */
const SYMBOLS: Record<string, string> = {
  cdot: '·',
  times: '×',
  div: '÷',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  approx: '≈',
  equiv: '≡',
  sim: '∼',
  infty: '∞',
  circ: '∘',
  degree: '°',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  iff: '⇔',
  implies: '⇒',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  subseteq: '⊆',
  cup: '∪',
  cap: '∩',
  emptyset: '∅',
  sum: '∑',
  prod: '∏',
  int: '∫',
  partial: '∂',
  nabla: '∇',
  angle: '∠',
  triangle: '△',
  perp: '⊥',
  parallel: '∥',
  mid: '|',
  cdots: '⋯',
  ldots: '…',
  dots: '…',
  prime: '′',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Omega: 'Ω',
};

/** `{…}` at `from` (balanced), as [content, index after it]; a single token when no brace. */
function group(latex: string, from: number): [string, number] {
  let i = from;
  while (latex[i] === ' ') i += 1;
  if (latex[i] !== '{') {
    const command = /^\\[A-Za-z]+/.exec(latex.slice(i));
    const token = command ? command[0] : (latex[i] ?? '');
    return [token, i + token.length];
  }
  let depth = 0;
  for (let j = i; j < latex.length; j += 1) {
    if (latex[j] === '\\') j += 1;
    else if (latex[j] === '{') depth += 1;
    else if (latex[j] === '}' && --depth === 0) return [latex.slice(i + 1, j), j + 1];
  }
  return [latex.slice(i + 1), latex.length];
}

/** Double-struck capitals (`\mathbb{R}` → ℝ); other letters read as themselves. */
const DOUBLE_STRUCK: Record<string, string> = { N: 'ℕ', Z: 'ℤ', Q: 'ℚ', R: 'ℝ', C: 'ℂ' };

/** A fraction's or root's part, bracketed when it is more than one token (`π` is one). */
const part = (text: string) => (/^[\p{L}\p{N}_.′]+$|^\(.*\)$/u.test(text) ? text : `(${text})`);

/** LaTeX maths as a line of plain text: `\frac{1}{2}` → 1/2, `\sqrt{x}` → √x, `\pi` → π. */
export function latexToPlainText(latex: string): string {
  let out = '';
  let i = 0;
  while (i < latex.length) {
    const rest = latex.slice(i);
    const command = /^\\([A-Za-z]+)\*?/.exec(rest);
    if (command) {
      const name = command[1]!;
      let at = i + command[0].length;
      if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac') {
        const [top, afterTop] = group(latex, at);
        const [bottom, afterBottom] = group(latex, afterTop);
        out += `${part(latexToPlainText(top))}/${part(latexToPlainText(bottom))}`;
        i = afterBottom;
      } else if (name === 'sqrt') {
        let index = '';
        if (latex[at] === '[') {
          const close = latex.indexOf(']', at);
          index = latex.slice(at + 1, close < 0 ? latex.length : close);
          at = close < 0 ? latex.length : close + 1;
        }
        const [radicand, after] = group(latex, at);
        const root = index ? `${latexToPlainText(index)}√` : '√';
        out += root + part(latexToPlainText(radicand));
        i = after;
      } else if (SYMBOLS[name]) {
        out += ` ${SYMBOLS[name]} `;
        i = at;
      } else if (/^(?:left|right|displaystyle|[bB]igg?[lr]?)$/.test(name)) {
        i = at;
      } else if (name === 'binom' || name === 'dbinom' || name === 'tbinom') {
        const [top, afterTop] = group(latex, at);
        const [bottom, afterBottom] = group(latex, afterTop);
        out += `C(${latexToPlainText(top)}, ${latexToPlainText(bottom)})`;
        i = afterBottom;
      } else if (name === 'pmod') {
        const [modulus, after] = group(latex, at);
        out += ` (mod ${latexToPlainText(modulus)})`;
        i = after;
      } else if (name === 'mathbb') {
        const [content, after] = group(latex, at);
        out += [...content.trim()].map((c) => DOUBLE_STRUCK[c] ?? c).join('');
        i = after;
      } else if (/^(?:text|textbf|textit|textrm|mbox|emph)$/.test(name)) {
        // Prose: its own spaces count (`5\text{ cm}` is "5 cm").
        const [content, after] = group(latex, at);
        const pad = (re: RegExp) => (re.test(content) ? ' ' : '');
        out += pad(/^\s/) + latexToPlainText(content) + pad(/\s$/);
        i = after;
      } else if (
        /^(?:mathrm|mathbf|mathit|mathsf|mathcal|operatorname|boxed|overline)$/.test(name)
      ) {
        const [content, after] = group(latex, at);
        out += latexToPlainText(content);
        i = after;
      } else if (/^(?:begin|end)$/.test(name)) {
        i = group(latex, at)[1];
      } else {
        // \sin, \log, \max...: the name reads as itself.
        out += ` ${name} `;
        i = at;
      }
    } else if (rest.startsWith('\\\\')) {
      out += '; ';
      i += 2;
    } else if (/^\\[,;:! ]/.test(rest) || rest[0] === '~') {
      out += ' ';
      i += rest[0] === '~' ? 1 : 2;
    } else if (rest.startsWith('\\')) {
      out += rest[1] ?? '';
      i += 2;
    } else if (rest[0] === '^' || rest[0] === '_') {
      const [content, after] = group(latex, i + 1);
      const inner = latexToPlainText(content);
      out += rest[0] + (inner.length > 1 ? `(${inner})` : inner);
      i = after;
    } else if (rest[0] === '{' || rest[0] === '}' || rest[0] === '&') {
      i += 1;
    } else {
      out += rest[0];
      i += 1;
    }
  }
  return out
    .replace(/\s+/g, ' ')
    .replace(/ ([\^_;])/g, '$1')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')')
    .trim();
}

/**
 * Text with maths as one line of plain text (a page's title and description, link previews):
 * prose as written, each formula read by latexToPlainText, code blocks left out.
 */
export function mathPlainText(text: string): string {
  return splitMath(text)
    .map((segment) => {
      if (segment.kind === 'code') return ' ';
      if (segment.kind === 'text') return segment.value;
      return latexToPlainText(segment.value);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text with maths made to run as one line (a search suggestion: a glimpse, not the example),
 * still source for the maths renderer: display maths typeset inline (the renderer's normalising
 * turns display-only environments such as `align*` into their inline forms), runs of white space
 * in prose as one space, code blocks left out. Nothing is cut.
 */
export function inlineMathSource(text: string): string {
  return splitMath(text)
    .map((segment) => {
      if (segment.kind === 'code') return ' ';
      if (segment.kind === 'text') return segment.raw.replace(/\s+/g, ' ');
      // Display maths holding dollars of its own (a bare `\centerline{…}` of prose) stays as it is.
      if (segment.kind === 'display' && !/(^|[^\\])\$/.test(segment.value)) {
        return `$${segment.value.trim()}$`;
      }
      return segment.raw;
    })
    .join('')
    .replace(/ {2,}/g, ' ') // where prose meets a code block left out (TeX reads spaces so too)
    .trim();
}

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
