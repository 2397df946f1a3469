import { describe, expect, it } from 'vitest';
import { httpRequest } from '../../../test/helpers/http';
import { useTestApp } from '../../../test/helpers/test-app';
import { engineUnderTest } from '../../../test/helpers/test-db';
import type { TestUser } from '../../../test/helpers/users';

// `npm run test:perf`: a class of 40 learners behind one address, each checking 10 answers at
// once with the others, timed and printed; every check answered. `npm test` (check-limits.test.ts)
// checks the limits themselves with 4 learners.
const api = useTestApp({ catalogue: true, listen: true });
const { cat } = api;

describe(`checking answers for a class on ${engineUnderTest}`, () => {
  it('40 learners on one address, 10 checks each, are all answered within 60 s', async () => {
    const learners: TestUser[] = [];
    const signUp = performance.now();
    for (let i = 0; i < 40; i++) learners.push(await api.newUser('basic'));
    const started = performance.now();
    const latencies: number[] = [];
    const statuses = await Promise.all(
      learners.map(async (learner, i) => {
        const mine: number[] = [];
        for (let n = 0; n < 10; n++) {
          const t0 = performance.now();
          const res = await httpRequest(`${api.base}/api/examples/${cat.ex.linear}/check`, {
            body: { answer: n % 2 ? 'x=5' : `x=${i}` },
            localAddress: '127.0.0.2',
            headers: learner.auth,
          });
          latencies.push(performance.now() - t0);
          mine.push(res.status);
        }
        return mine;
      }),
    );
    const took = performance.now() - started;
    const sorted = latencies.sort((a, b) => a - b);
    console.table([
      {
        accounts_ms: Math.round(started - signUp),
        checks: sorted.length,
        all_checks_ms: Math.round(took),
        median_ms: Math.round(sorted[sorted.length >> 1]!),
        p95_ms: Math.round(sorted[Math.floor(sorted.length * 0.95)]!),
        slowest_ms: Math.round(sorted.at(-1)!),
      },
    ]);
    expect(statuses.flat()).toEqual(Array(400).fill(200));
    expect(took).toBeLessThan(60_000);
  });
});
