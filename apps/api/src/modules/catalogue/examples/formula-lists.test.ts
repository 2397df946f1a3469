import { formulaQuery, splitQueryMaths } from '@exemplar/shared/search';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/test-app';
import { formulaPostings, formulaScore } from './example-search.repository';
import { formulaLists } from './formula-lists';
import { MapScores, orderMatches, scoreFormula, topScores } from './formula-scores';

describe('orderMatches', () => {
  it('keeps the allowed ids scoring at least the threshold, highest first, then by id', () => {
    const scores = new MapScores(new Map([0, 5, 9, 5, 2, 9, 7].map((score, id) => [id, score])));
    expect([...orderMatches(scores, 5, [1, 2, 3, 4, 5, 6])]).toEqual([2, 5, 6, 1, 3]);
    // Ids the other filters leave out are not listed, however they score; unknown ids score 0.
    expect([...orderMatches(scores, 5, [1, 3, 5, 40])]).toEqual([5, 1, 3]);
    // The words' bonus lifts the ids holding them within the matches, and makes no match.
    expect([...orderMatches(scores, 5, [1, 2, 3, 4, 5, 6], [3, 4], 3)]).toEqual([2, 5, 3, 6, 1]);
  });
});

describe('scoreFormula', () => {
  const f = {
    tokens: [
      { token: 'big', weight: 5 },
      { token: 'small', weight: 1 },
    ],
    numbers: ['#7'],
  };
  it('sums the weights an example holds, in an array or, over a wide span of ids, a map', () => {
    for (const far of [90, 9_000_000]) {
      const postings = new Map([
        ['big', Int32Array.from([3, far])],
        ['small', Int32Array.from([3, 4])],
        ['#7', Int32Array.from([4, far])],
      ]);
      const scores = scoreFormula(f, postings);
      expect(
        [3, 4, far, 5, 2, far + 1].map((id) => scores.of(id)),
        String(far),
      ).toEqual([6000, 1001, 5001, 0, 0, 0]);
    }
    expect(scoreFormula(f, new Map()).of(3)).toBe(0);
  });

  it('gives the best few at least the threshold, highest first, then by id, in an array or a map', () => {
    for (const far of [90, 9_000_000]) {
      const postings = new Map([
        ['big', Int32Array.from([3, 8, 9, far])],
        ['small', Int32Array.from([3, 4, 9])],
        ['#7', Int32Array.from([4, far])],
      ]);
      const scores = scoreFormula(f, postings);
      // 3 and 9: 6000; 8: 5000; far: 5001; 4: 1001.
      expect(topScores(scores, 2000, 3), String(far)).toEqual([
        [3, 6000],
        [9, 6000],
        [far, 5001],
      ]);
      expect(topScores(scores, 5500, 10), String(far)).toEqual([
        [3, 6000],
        [9, 6000],
      ]);
      expect(topScores(scores, 7000, 10)).toEqual([]);
    }
  });
});

// The demo catalogue (126 examples and their formulas), on SQLite and on PostgreSQL when
// DATABASE_URL is set.
const api = useTestApp({ seed: 'demo' });

/** Formulas a learner types: common shapes (quadratics, fractions) and rare ones (integrals, logs). */
const QUERIES = [
  'x^2-7x+12',
  '\\int x e^{5x}\\,dx',
  '\\log_5 x + \\log_5 (x-4) = 1',
  '\\frac{x}{5}+2=9',
  '\\lim_{x\\to\\infty}\\frac{2x^2+5}{4x^2-3x}',
  'x^2+y^2-4x+8y-5=0',
  'tan x = 2',
  'a+b',
];

describe('a formula scored over its postings', () => {
  it("gives every example the score a sum over the token table's rows gives it", async () => {
    const { db, engine } = api.app.database;
    let matched = 0;
    for (const q of QUERIES) {
      const f = formulaQuery(splitQueryMaths(q).formulas)!;
      const weight = new Map<string, number>([
        ...f.tokens.map((t) => [t.token, t.weight * formulaScore.SCALE] as [string, number]),
        ...f.numbers.map((n) => [n, 1] as [string, number]),
      ]);
      const rows = await db
        .selectFrom('example_formula_tokens')
        .select(['example_id', 'token'])
        .where('token', 'in', [...weight.keys()])
        .execute();
      const expected = new Map<number, number>();
      for (const r of rows) {
        expected.set(r.example_id, (expected.get(r.example_id) ?? 0) + weight.get(r.token)!);
      }
      const postings = await formulaPostings(db, engine, [...weight.keys()]);
      for (const ids of postings.values()) {
        expect([...ids], q).toEqual([...ids].sort((a, b) => a - b));
      }
      const scores = scoreFormula(f, postings);
      const got = new Map<number, number>();
      for (const ids of postings.values()) for (const id of ids) got.set(id, scores.of(id));
      expect(got, q).toEqual(expected);
      matched += [...got.values()].filter((s) => s >= formulaScore.threshold(f)).length;
    }
    expect(matched).toBeGreaterThan(QUERIES.length);
  });
});

describe('formulaLists', () => {
  it("reads a token's postings once per catalogue version, shared by requests arriving together", async () => {
    const { db, engine } = api.app.database;
    let reads = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        const node = args.node as { kind: string; sqlFragments?: readonly string[] };
        if (node.kind === 'RawNode' && node.sqlFragments?.join('').includes('group by token')) {
          reads++;
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    let version = 'v1';
    const lists = formulaLists(
      counted,
      engine,
      async () => version,
      async () => [...Array(200).keys()],
    );
    const formula = formulaQuery(splitQueryMaths('x^2-7x+12').formulas)!;
    const filter = { formula, status: 'published' as const };
    const [a, b] = await Promise.all([lists.count(filter), lists.count({ ...filter, typeId: 1 })]);
    expect(reads).toBe(1);
    expect(a).toBeGreaterThan(0);
    expect(b).toBe(a); // the same candidates: the stub allows ids 0 to 199 for both
    await lists.count({ ...filter, difficultyId: 1 });
    expect(reads).toBe(1);
    version = 'v2';
    await lists.count(filter);
    expect(reads).toBe(2);
  });
});
