// A list of parts as read, made into the answer it stands for: approximations folded into the parts
// they approximate, an equation's numbered roots as one letter's solutions, and a set's repeated
// elements once.
import type { Part } from './answer-parts';
import { evaluate, variablesOf } from './evaluate';

/** The value of a part that is a number (no variables, one expression), else undefined. */
function numberOf(p: Part): number | undefined {
  if (p.kind !== 'value' || p.value.kind !== 'expr' || variablesOf(p.value.json).size > 0)
    return undefined;
  const [re, im] = evaluate(p.value.json, new Map());
  return im === 0 && Number.isFinite(re) ? re : undefined;
}

/** How far a number written `latex` may be from the value it rounds: half its last digit. */
function roundingOf(latex: string, value: number): number {
  const decimals = /\.(\d+)/.exec(latex)?.[1]?.length ?? 0;
  // `1.54 \times 10^6`: three significant figures of a power of ten.
  const power = /\\times\s*\{?10\}?\s*\^\s*\{?\s*(-?\d+)/.exec(latex);
  const scale = power ? 10 ** Number(power[1]) : 1;
  return Math.max(0.5 * 10 ** -decimals * scale, 1e-9 * Math.abs(value));
}

/**
 * A part that is only an approximation of another part of the same answer (`$x = \frac{2 \pm
 * \sqrt{10}}{2}$, that is, $x \approx 2.581$ or $x \approx -0.581$`) is that part's
 * approximation, not a part of its own: the answer has two solutions, not four.
 */
export function foldApproximations(parts: Part[]): Part[] {
  const kept = parts.filter((p) => !p.approxOnly);
  const loose: Part[] = [];
  for (const p of parts.filter((q) => q.approxOnly)) {
    const value = numberOf(p);
    const latex = p.kind === 'value' && p.value.kind === 'expr' ? p.value.latex : '';
    const target =
      value === undefined
        ? undefined
        : kept.find((q) => {
            const exact = numberOf(q);
            const sameVariable =
              q.kind === 'value' &&
              p.kind === 'value' &&
              (!p.variable || q.variable === p.variable);
            return (
              sameVariable &&
              exact !== undefined &&
              Math.abs(exact - value) <= roundingOf(latex, value)
            );
          });
    if (target && p.kind === 'value') target.approx = [...(target.approx ?? []), p.value];
    else loose.push(p);
  }
  return [...kept, ...loose];
}

/** The letters whose numbered versions are an equation's roots (`x_1 = 2, x_2 = 3`). */
const ROOT_RE = /^([xyzt])_(\d+)$/;

/**
 * `x_1 = 2, x_2 = 3`: the roots of one equation, numbered, are its solutions in any order (as
 * `x = 2, x = 3`), not a system of two unknowns. Only x, y, z and t numbered 1, 2, … n: `a_1`
 * and `a_2` may be a sequence's terms, whose order counts. Each part keeps its number
 * (`numbered`): where the question names x_1 but never x alone (`x_1 + x_2 = 5`), they are a
 * system's unknowns after all, and the comparison holds each value to its name.
 */
export function labelledRoots(parts: Part[]): Part[] {
  if (parts.length < 2) return parts;
  const roots = parts.map((p) => (p.kind === 'value' ? ROOT_RE.exec(p.variable ?? '') : null));
  if (roots.some((m) => !m)) return parts;
  const letters = new Set(roots.map((m) => m![1]));
  const numbers = roots.map((m) => Number(m![2])).sort((a, b) => a - b);
  if (letters.size !== 1 || numbers.some((n, i) => n !== i + 1)) return parts;
  const letter = [...letters][0]!;
  return parts.map(
    (p) => ({ ...p, variable: letter, numbered: (p as { variable: string }).variable }) as Part,
  );
}

/** The key under which two parts are the same element of a set (`\{1, 1, 2\}` is `\{1, 2\}`). */
function elementKey(p: Part): string {
  try {
    const n = numberOf(p);
    if (n !== undefined) return `${n.toPrecision(12)} ${p.unit ?? ''}`;
  } catch {
    // not a number: its structure
  }
  return JSON.stringify(p, (key, value: unknown) => (key === 'latex' ? undefined : value));
}

/** A set's elements, each once. */
export function distinct(parts: Part[]): Part[] {
  const seen = new Set<string>();
  return parts.filter((p) => {
    const key = elementKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
