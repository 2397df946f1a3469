import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BARE_DISPLAY_ENVIRONMENTS,
  BARE_INLINE_ENVIRONMENTS,
  closerSearchWork,
  splitMath,
  type MathSegment,
  type MathSegmentKind,
} from './split-math';

// The first splitter (with the dollar rule added), kept here only as the reference the linear one
// must agree with: it searched for each opener's closer by scanning on to the end of the text,
// quadratic on unclosed openers.
/** `\$` (and LaTeX's other text-mode escapes `\% \& \# \_ \{ \}`) stand for the character itself. */
const PROSE_ESCAPES: ReadonlySet<string> = new Set(['$', '%', '&', '#', '_', '{', '}']);

const ASY_OPEN = '[asy]';
const ASY_CLOSE = '[/asy]';

/**
 * Finds the closing delimiter `close` starting at `from`, skipping backslash escapes (so `\$` and
 * `\\` never close anything). When `braceAware`, a `$` closer only counts outside braces, so
 * `$\text{if $x$ holds}$` stays one expression; if no closer is found that way, the first closer
 * at any depth is used. The search stops at `limit` (next `[asy]` block) and, when
 * `stopAtBlankLine`, at a blank line (TeX forbids paragraph breaks inside inline maths).
 */
function findCloser(
  text: string,
  from: number,
  close: string,
  limit: number,
  stopAtBlankLine: boolean,
  braceAware: boolean,
): number {
  let depth = 0;
  let firstAnyDepth = -1;
  for (let i = from; i < limit; i++) {
    const ch = text[i];
    if (text.startsWith(close, i)) {
      if (!braceAware || depth <= 0) return i;
      if (firstAnyDepth < 0) firstAnyDepth = i;
    }
    if (ch === '\\') {
      i++; // skip the escaped character (handles \$, \\, \{, \})
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (stopAtBlankLine && ch === '\n' && isBlankLineAt(text, i)) break;
  }
  return firstAnyDepth;
}

/** True when the newline at `i` is followed (after spaces) by another newline. */
function isBlankLineAt(text: string, i: number): boolean {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return false;
}

const BEGIN_RE = /^\\begin\{([a-zA-Z]+\*?)\}/;

/** Splits `text` into segments. Adjacent text pieces are merged. Never throws. */
function quadraticSplitMath(text: string): MathSegment[] {
  const segments: MathSegment[] = [];
  let buf = ''; // pending prose (unescaped)
  let bufRaw = '';
  let unbalanced: string[] = [];

  const flush = () => {
    if (bufRaw) {
      const seg: MathSegment = { kind: 'text', value: buf, raw: bufRaw };
      if (unbalanced.length) seg.unbalanced = unbalanced;
      segments.push(seg);
    }
    buf = '';
    bufRaw = '';
    unbalanced = [];
  };
  const literal = (value: string, raw = value) => {
    buf += value;
    bufRaw += raw;
  };
  const push = (kind: MathSegmentKind, value: string, raw: string) => {
    flush();
    segments.push({ kind, value, raw });
  };

  const n = text.length;
  let nextAsy = text.indexOf(ASY_OPEN);
  if (nextAsy < 0) nextAsy = n;
  let i = 0;
  while (i < n) {
    if (i === nextAsy) {
      const end = text.indexOf(ASY_CLOSE, i + ASY_OPEN.length);
      const stop = end < 0 ? n : end;
      const code = text
        .slice(i + ASY_OPEN.length, stop)
        .replace(/^[ \t]*\r?\n/, '')
        .replace(/\r?\n[ \t]*$/, '');
      const next = end < 0 ? n : end + ASY_CLOSE.length;
      push('code', code, text.slice(i, next));
      i = next;
      nextAsy = text.indexOf(ASY_OPEN, i);
      if (nextAsy < 0) nextAsy = n;
      continue;
    }
    const ch = text[i];
    if (ch === '\\') {
      const next = text[i + 1];
      if (next !== undefined && PROSE_ESCAPES.has(next)) {
        literal(next, '\\' + next);
        i += 2;
        continue;
      }
      if (next === '(' || next === '[') {
        const close = next === '(' ? '\\)' : '\\]';
        const end = findCloser(text, i + 2, close, nextAsy, false, false);
        if (end >= 0) {
          push(next === '(' ? 'inline' : 'display', text.slice(i + 2, end), text.slice(i, end + 2));
          i = end + 2;
        } else {
          unbalanced.push('\\' + next);
          literal('\\' + next);
          i += 2;
        }
        continue;
      }
      if (next === 'b') {
        const m = BEGIN_RE.exec(text.slice(i, i + 40));
        const env = m?.[1] ?? '';
        const bareKind = BARE_DISPLAY_ENVIRONMENTS.has(env)
          ? 'display'
          : BARE_INLINE_ENVIRONMENTS.has(env)
            ? 'inline'
            : null;
        if (m && bareKind) {
          const endTag = `\\end{${m[1]}}`;
          const end = text.indexOf(endTag, i + m[0].length);
          if (end >= 0 && end < nextAsy) {
            const stop = end + endTag.length;
            push(bareKind, text.slice(i, stop), text.slice(i, stop));
            i = stop;
            continue;
          }
          unbalanced.push('\\begin{');
        }
      }
      // Any other escape is prose as written (e.g. `\%`, `\\`); keep both characters together so
      // an escaped backslash never makes the next `$` look escaped.
      literal(text.slice(i, i + 2));
      i += 2;
      continue;
    }
    if (ch === '$') {
      if (text[i + 1] === '$') {
        const end = findCloser(text, i + 2, '$$', nextAsy, true, false);
        if (end >= 0) {
          const body = text.slice(i + 2, end);
          if (body.trim()) push('display', body, text.slice(i, end + 2));
          else literal('', text.slice(i, end + 2)); // `$$$$` or `$$ $$`: nothing to show
          i = end + 2;
          continue;
        }
        // No closing `$$`: read it as an empty inline `$$` when followed by more prose, i.e. drop
        // it only if it is surely a typo; otherwise keep it visible as literal text.
        unbalanced.push('$$');
        literal('$$');
        i += 2;
        continue;
      }
      // The dollar rule: a non-space after the opener, a non-space before the closer and no
      // digit after it; otherwise the opener is a dollar sign.
      const opens = i + 1 < n && /\S/.test(text[i + 1]!);
      const end = opens ? findCloser(text, i + 1, '$', nextAsy, true, true) : -1;
      if (end >= 0 && /\S/.test(text[end - 1]!) && !/[0-9]/.test(text[end + 1] ?? '')) {
        push('inline', text.slice(i + 1, end), text.slice(i, end + 1));
        i = end + 1;
        continue;
      }
      if (opens && end < 0) unbalanced.push('$');
      literal('$');
      i += 1;
      continue;
    }
    // Plain prose: copy up to the next special character in one go.
    let j = i + 1;
    while (j < n && j !== nextAsy && text[j] !== '\\' && text[j] !== '$') j++;
    literal(text.slice(i, j));
    i = j;
  }
  flush();
  return segments;
}

/** Hostile inputs: every opener unclosed (or, for `${`, closable only at a depth never reached). */
const HOSTILE: Record<string, (size: number) => string> = {
  '\\( repeated': (size) => '\\('.repeat(size / 2),
  '\\[ repeated': (size) => '\\['.repeat(size / 2),
  '${ repeated': (size) => '${'.repeat(size / 2),
  '$$ then \\( repeated': (size) => '$$' + 'a \\( '.repeat(size / 5),
  'unclosed \\begin{align*} repeated': (size) => '\\begin{align*} x '.repeat(size / 17),
  'mixed openers and prose': (size) =>
    'Let \\( x = ${\\frac{1}{2} \\[ y \\begin{gather*} so on '.repeat(size / 50),
};

/** Characters the closer searches examined while splitting `text`. */
function closerSteps(text: string): number {
  const before = closerSearchWork.steps;
  splitMath(text);
  return closerSearchWork.steps - before;
}

describe('splitMath on hostile input', () => {
  for (const [name, make] of Object.entries(HOSTILE)) {
    it(`searches for closers in 1 MB of ${name} at most 8 characters per input character and 8.5x the work of 125 KB (quadratic: 64x), and splits it as the reference does on 20 KB`, () => {
      const small = make(125_000);
      const large = make(1_000_000);
      const work = closerSteps(large);
      expect(work).toBeLessThanOrEqual(8 * large.length);
      expect(work / closerSteps(small)).toBeLessThan(8.5);
      const sample = make(20_000);
      expect(splitMath(sample)).toEqual(quadraticSplitMath(sample));
    });
  }

  it('splits 1 MB of unclosed \\( into one segment that keeps every opener (the quadratic splitter took minutes)', () => {
    const src = '\\('.repeat(500_000);
    const segs = splitMath(src);
    expect(segs).toHaveLength(1);
    expect(segs[0]!.unbalanced).toHaveLength(500_000);
    expect(segs[0]!.raw).toBe(src);
  });
});

const PIECES = [
  '$',
  '$$',
  '\\',
  '\\\\',
  '\\$',
  '\\(',
  '\\)',
  '\\[',
  '\\]',
  '{',
  '}',
  '\\{',
  '\n',
  '\n\n',
  '\n \t\n',
  '\r\n',
  ' ',
  'x',
  'a+b',
  '5',
  ' $',
  '$ ',
  '[asy]',
  '[/asy]',
  '\\begin{align*}',
  '\\end{align*}',
  '\\begin{pmatrix}',
  '\\end{pmatrix}',
  '\\begin{itemize}',
  '\\text{',
  '\\frac',
  '%',
  '\\%',
];

describe('splitMath agrees with the reference splitter', () => {
  it('gives identical segments for random mixes of delimiters, braces, escapes, blank lines and [asy]', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        expect(splitMath(text)).toEqual(quadraticSplitMath(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives identical segments for random strings over $ \\ ( ) [ ] { } and newlines', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('$', '\\', '(', ')', '[', ']', '{', '}', '\n', ' ', 'a', '1'),
        }),
        (text) => {
          expect(splitMath(text)).toEqual(quadraticSplitMath(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('gives identical segments for arbitrary unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        expect(splitMath(text)).toEqual(quadraticSplitMath(text));
      }),
      { numRuns: 1000 },
    );
  });
});
