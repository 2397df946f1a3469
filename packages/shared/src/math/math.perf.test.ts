import { describe, expect, it } from 'vitest';
import { renderMath } from './render-math';
import { renderRichText } from './render-rich-text';
import { splitMath } from './split-math';

// `npm run test:perf`: how long the renderer takes to refuse hostile maths and the splitter to
// split long text, printed, with bounds generous for a loaded machine (each took well under a
// second on a quiet one). `npm test` checks the same results.

const BOUND_MS = 5_000;

const CASES: [string, () => unknown][] = [
  ['renderMath: a macro bomb', () => renderMath('\\def\\a{\\a\\a}\\a')],
  ['renderMath: 5,000 nested braces', () => renderMath(`${'{'.repeat(5000)}x${'}'.repeat(5000)}`)],
  ['renderRichText: a macro bomb', () => renderRichText('$\\def\\a{\\a\\a}\\a$')],
  [
    'splitMath: 20,000 expressions in 380 KB',
    () => splitMath('word $x_1$ and \\$2 '.repeat(20_000) + '$'),
  ],
];

describe('maths timings', () => {
  it(`refuses hostile maths and splits long text within ${BOUND_MS} ms each`, () => {
    const rows = CASES.map(([what, work]) => {
      const started = performance.now();
      work();
      return { what, ms: Math.round(performance.now() - started) };
    });
    console.table(rows);
    for (const { what, ms } of rows) expect(ms, what).toBeLessThan(BOUND_MS);
  });
});
