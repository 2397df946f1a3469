import type { HealthDone } from '@exemplar/shared/catalogue-health';
import { describe, expect, it, vi } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;

/** GET the health as an admin until the run is done. */
async function untilDone(): Promise<HealthDone> {
  let done: HealthDone | undefined;
  await vi.waitUntil(
    async () => {
      const { status, body } = await api.request('GET', '/admin/catalogue-health', { as: 'admin' });
      if (status === 200) done = body.data as HealthDone;
      else expect(status, JSON.stringify(body)).toBe(202);
      return done !== undefined;
    },
    { timeout: 20_000, interval: 20 },
  );
  return done!;
}

const create = async (question: string, answer: string, extra: object) => {
  const res = await api.request('POST', '/examples', {
    as: 'admin',
    payload: {
      question,
      answer,
      procedure: 'Work it out.',
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.linear,
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.example.id as number;
};

describe(`catalogue health of test answers on ${engineUnderTest}`, () => {
  it('lists an example whose test answers the checker does not treat as they must be treated (which answer, accepted or refused, what it said), and not one whose test answers agree', async () => {
    const agrees = await create('How long is the first plank?', '$12\\text{ m}$', {
      answerSpec: { kind: 'value', unit: 'm' },
      testAnswers: [
        { answer: '12 m', accept: true },
        { answer: '13 m', accept: false },
      ],
    });
    const strict = await create('What is $\\sqrt{6.66}$, to three decimal places?', '$2.581$', {
      answerSpec: { kind: 'value' },
      testAnswers: [
        { answer: '2.581', accept: true },
        // Must be accepted, but the spec (no tolerance) compares exactly: the checker refuses it.
        { answer: '2.58', accept: true },
        // Must be refused, and is.
        { answer: '3', accept: false },
      ],
    });
    const lenient = await create('How long is the second plank?', '$12\\text{ m}$', {
      answerSpec: { kind: 'value', unit: 'm' },
      // Must be refused, but 1200 cm is 12 m: the checker accepts it.
      testAnswers: [{ answer: '1200 cm', accept: false }],
    });

    const health = await untilDone();
    const listed = health.problems.filter((p) => p.kind === 'test-answer');
    expect(listed.map((p) => p.exampleId)).toEqual([strict, lenient]);
    expect(health.counts['test-answer']).toBe(2);
    expect(listed.map((p) => p.exampleId)).not.toContain(agrees);
    const [first, second] = listed;
    expect(first).toMatchObject({ field: 'answer', categoryId: null });
    expect(first!.message).toMatch(
      /^The test answer "2\.58" must be accepted, but the checker marks it wrong/,
    );
    expect(first!.message).not.toContain('"3"');
    expect(first!.message).not.toContain('"2.581"');
    expect(second!.message).toMatch(
      /^The test answer "1200 cm" must be refused, but the checker accepts it/,
    );
  });
});
