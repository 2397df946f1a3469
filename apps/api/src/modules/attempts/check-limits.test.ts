import { describe, expect, it } from 'vitest';
import { httpRequest, type RawResponse } from '../../../test/helpers/http';
import { useTestApp } from '../../../test/helpers/test-app';
import { engineUnderTest } from '../../../test/helpers/test-db';
import type { TestUser } from '../../../test/helpers/users';
import { CHECKS_PER_MINUTE } from './attempts.routes';

// Over real HTTP from chosen local addresses: a class behind one public address is one peer.
const api = useTestApp({ catalogue: true, listen: true });
const { cat } = api;

const SCHOOL = '127.0.0.2';

const check = (answer: string, localAddress: string, as?: TestUser): Promise<RawResponse> =>
  httpRequest(`${api.base}/api/examples/${cat.ex.linear}/check`, {
    body: { answer },
    localAddress,
    ...(as ? { headers: as.auth } : {}),
  });

/** Expects a spent limit: 429 with Retry-After in whole seconds and a plain message. */
function expectLimited(res: RawResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body).toMatchObject({ success: false, code: 'TooManyRequests' });
  expect((res.body as { message: string }).message).toMatch(
    /^Too many requests\. Please try again in \d+ seconds\.$/,
  );
}

describe(`limits on checking answers, per account and per address, on ${engineUnderTest}`, () => {
  // 40 learners, 400 checks, are timed by `npm run test:perf` (check-limits.perf.test.ts).
  it(`4 learners with their own accounts on one address, each checking 10 answers in a minute (more than a visitor's ${CHECKS_PER_MINUTE} for the address), are all answered`, async () => {
    const learners: TestUser[] = [];
    for (let i = 0; i < 4; i++) learners.push(await api.newUser('basic'));
    expect(learners.length * 10).toBeGreaterThan(CHECKS_PER_MINUTE);
    // One check after another: what is counted is the limit, not how many the checker takes at
    // once (a loaded machine could keep one waiting past the checker's start limit).
    const statuses: number[] = [];
    for (const [i, learner] of learners.entries()) {
      for (let n = 0; n < 10; n++) {
        statuses.push((await check(n % 2 ? 'x=5' : `x=${i}`, SCHOOL, learner)).status);
      }
    }
    expect(statuses).toEqual(Array(40).fill(200));
  });

  it(`one account sending 100 checks in a minute gets ${CHECKS_PER_MINUTE} answered, the rest 429 with Retry-After; another learner on the same address is answered`, async () => {
    const flooder = await api.newUser('basic');
    const answers: RawResponse[] = [];
    for (let n = 0; n < 100; n++) answers.push(await check('x=5', SCHOOL, flooder));
    expect(answers.slice(0, CHECKS_PER_MINUTE).map((a) => a.status)).toEqual(
      Array(CHECKS_PER_MINUTE).fill(200),
    );
    for (const refused of answers.slice(CHECKS_PER_MINUTE)) expectLimited(refused);
    const classmate = await api.newUser('basic');
    expect((await check('x=5', SCHOOL, classmate)).status).toBe(200);
  });

  it(`a visitor is limited per address as before: ${CHECKS_PER_MINUTE} a minute, then 429; another address and a signed-in learner on the same one are not`, async () => {
    const visitor = '127.0.0.5';
    const statuses: number[] = [];
    for (let n = 0; n < CHECKS_PER_MINUTE; n++) statuses.push((await check('x=5', visitor)).status);
    expect(statuses).toEqual(Array(CHECKS_PER_MINUTE).fill(200));
    expectLimited(await check('x=4', visitor));
    expect((await check('x=4', '127.0.0.6')).status).toBe(200);
    const learner = await api.newUser('basic');
    expect((await check('x=4', visitor, learner)).status).toBe(200);
  });
});
