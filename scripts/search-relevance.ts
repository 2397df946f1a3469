/**
 * Search relevance over the demo catalogue: learners' queries (words, misspellings, synonyms,
 * plurals and verb forms), each with the examples a teacher would expect it to find, sent to
 * GET /api/examples?q=… of an app seeded with the demo catalogue (SQLite unless DATABASE_URL is
 * set). Reports recall@5 (the share of the expected examples, up to five, on the first five
 * results) and MRR (the mean of 1 / rank of the first expected example; 0 when none is listed).
 *
 *   node --import tsx scripts/search-relevance.ts [--misses]
 *
 * --misses lists the queries below full recall or whose first expected example is not first.
 */
import { pathToFileURL } from 'node:url';
import { buildApp } from '../apps/api/src/app';
import { createTestEnv } from '../apps/api/test/helpers/test-db';

/** [query, the demo examples (ids, in catalogue order) a teacher expects it to find]. */
export const RELEVANCE_QUERIES: [string, number[]][] = [
  // Names of topics, as written in the catalogue or not
  ['pythagoras', [43, 54]],
  ['pythagorean theorem', [43, 54]],
  ['hypotenuse', [43, 54, 86, 121]],
  ['integral', [24, 30, 31, 37, 38, 40, 41]],
  ['integration', [24, 30, 31, 37, 38, 40, 41]],
  ['integrate', [24, 30, 31, 37, 38, 40, 41]],
  ['integration by parts', [31, 37]],
  ['integration by substitution', [30, 41]],
  ['law of cosines', [96, 102]],
  ['cosine rule', [96, 102]],
  ['sine rule', [95, 103]],
  ['law of sines', [95, 103]],
  ['simultaneous equations', [7, 8, 16]],
  ['system of equations', [7, 8, 16]],
  ["l'hopital", [28]],
  ["l'hospital's rule", [28]],
  ['lhopital', [28]],
  ['chinese remainder theorem', [120]],
  ['bayes', [72]],
  ["bayes' theorem", [72]],
  ['standard deviation', [67, 68, 70, 76, 77]],
  ['spread', [64, 70]],
  ['derivative', [23, 26, 27, 29, 33, 34]],
  ['differentiate', [23, 27, 34]],
  ['differentiation', [23, 27, 34]],
  ['chain rule', [27]],
  ['limit', [22, 25, 28]],
  ['limits', [22, 25, 28]],
  ['taylor series', [36, 39]],
  ['maclaurin', [36, 39]],
  ['convergence', [32, 35]],
  ['converges', [32, 35]],
  ['quadratic formula', [9]],
  ['factorise', [3, 107]],
  ['prime factorization', [107]],
  ['primes', [107, 114]],
  ['gcd', [109, 110]],
  ['greatest common divisor', [109, 110]],
  ['least common multiple', [109, 110]],
  ['euclidean algorithm', [109, 119]],
  ['modular arithmetic', [111, 113, 115, 118, 120, 123, 125]],
  ['fermat', [115, 123, 125]],
  ['congruences', [113, 118, 120]],
  ['diophantine', [116, 117, 126]],
  ['pythagorean triples', [121]],
  ['dice', [65, 83]],
  ['conditional probability', [71, 72, 73]],
  ['monty hall', [73]],
  ['binomial distribution', [74, 75, 81]],
  ['normal distribution', [67, 76]],
  ['bell curve', [67, 76]],
  ['hypothesis test', [78, 79]],
  ['confidence interval', [77]],
  ['mean median mode', [63]],
  ['average', [63]],
  ['variance', [70, 75]],
  ['unit circle', [87, 89]],
  ['radians', [89]],
  ['trig identities', [92, 93, 97, 98, 100, 101, 104, 105]],
  ['double angle formula', [97, 104]],
  ['sohcahtoa', [86, 88]],
  ['similar triangles', [48]],
  ['sector area', [45]],
  ['volume of a cone', [52]],
  ['inscribed angle', [50, 59, 61]],
  ['am-gm', [14, 20]],
  ['vieta', [17, 18]],
  ['logarithms', [4, 11, 12]],
  ['logs', [4, 11, 12]],
  ['compound interest', [12]],
  // Misspellings
  ['pythagorus', [43, 54]],
  ['integrel', [24, 30, 31, 37, 38, 40, 41]],
  ['derivitive', [23, 26, 27, 29, 33, 34]],
  ['hypothesys test', [78, 79]],
  ['logarythm', [4, 11, 12]],
  ['euclidian algorithm', [109, 119]],
  ['binomal distribution', [74, 75, 81]],
  // Plurals, verb forms and other spellings
  ['dividing polynomials', [13]],
  ['expanding brackets', [6]],
  ['optimisation', [29]],
  ['tangent line', [34]],
  ['ladders', [33, 88]],
  ['birthday problem', [82]],
  ['harmonic series', [35]],
  ['irrational', [42]],
  ['perpendicular bisector', [51]],
  ['midpoint distance', [47]],
  ['surface area', [52, 55]],
  ['last digits', [113, 123]],
  ['sample standard deviation', [70]],
  ['solving simultaneous equations by elimination', [7, 16]],
  // Formulas (ADR 050), typed as a learner would, with other numbers and letters
  ['$\\int x e^{5x}\\,dx$', [31]],
  ['\\int t e^{3t} dt', [31]],
  ['x^2-7x+12', [3]],
  ['factorise x^2 + x - 12', [3]],
  ['int e^t sin t dt', [37]],
  ['$\\lim_{x\\to 2}\\frac{x^2-4}{x-2}$', [22]],
  ['\\int_0^3 (2x^2+5) dx', [24]],
  ['\\sum_{k=1}^{\\infty} \\frac{k}{3^k}', [39]],
  ['x^2+y^2=z^2', [54]],
  ['\\log_5 x + \\log_5 (x-4) = 1', [11]],
  ['\\frac{x}{5}+2=9', [1]],
  ['x^3 - 3x^2 + 5x - 4 = 0', [17]],
  ['(3x-2)(x^2+5x-4)', [6]],
  ['\\lim_{x\\to\\infty}\\frac{2x^2+5}{4x^2-3x}', [25]],
  ['\\int_1^e \\frac{(\\ln x)^3}{x}dx', [30]],
  ['17x+12y=5', [116]],
  ['\\frac{15n+2}{10n+1}', [119]],
  ['x^2+y^2-4x+8y-5=0', [53]],
  ['tan x = 2', [90]],
  ['3\\sin^2 x + \\sin x - 2 = 0', [94]],
  ['x^2 + 2x + 3 > 0', [10]],
  ['\\sqrt{2}\\sin x + \\cos x = 1', [99]],
];

/** The formula queries: the last ones of RELEVANCE_QUERIES, reported on their own too. */
export const FORMULA_QUERIES = 22;

async function main() {
  const env = await createTestEnv({ SEED: 'demo' });
  const app = await buildApp(env.config, { logger: false });
  try {
    await app.ready();
    let recall = 0;
    let rr = 0;
    let formulaRecall = 0;
    let formulaRr = 0;
    const misses: string[] = [];
    const firstFormula = RELEVANCE_QUERIES.length - FORMULA_QUERIES;
    for (const [i, [q, expected]] of RELEVANCE_QUERIES.entries()) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/examples?q=${encodeURIComponent(q)}&limit=20`,
      });
      if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
      const ids = (res.json() as { data: { examples: { id: number }[] } }).data.examples.map(
        (e) => e.id,
      );
      const top = ids.slice(0, 5);
      const want = new Set(expected);
      const found = top.filter((id) => want.has(id)).length;
      const r = found / Math.min(5, expected.length);
      const first = ids.findIndex((id) => want.has(id));
      recall += r;
      rr += first < 0 ? 0 : 1 / (first + 1);
      if (i >= firstFormula) {
        formulaRecall += r;
        formulaRr += first < 0 ? 0 : 1 / (first + 1);
      }
      if (r < 1 || first !== 0) {
        misses.push(
          `  ${JSON.stringify(q)}: recall@5 ${r.toFixed(2)}, first expected at ${first + 1}, top ${top.join(' ')}`,
        );
      }
    }
    const n = RELEVANCE_QUERIES.length;
    console.log(`${n} queries: recall@5 ${(recall / n).toFixed(3)}, MRR ${(rr / n).toFixed(3)}`);
    const w = n - FORMULA_QUERIES;
    console.log(
      `  ${w} word queries: recall@5 ${((recall - formulaRecall) / w).toFixed(3)}, MRR ${((rr - formulaRr) / w).toFixed(3)}`,
    );
    console.log(
      `  ${FORMULA_QUERIES} formula queries: recall@5 ${(formulaRecall / FORMULA_QUERIES).toFixed(3)}, MRR ${(formulaRr / FORMULA_QUERIES).toFixed(3)}`,
    );
    if (process.argv.includes('--misses')) console.log(misses.join('\n'));
  } finally {
    await app.close();
    await env.cleanup();
  }
}

// Run, not imported (scripts/measure-formula-search.ts reads the queries).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
