import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { NEWSLETTER_LIMIT_PER_MINUTE } from './newsletter.routes';

/** Counted in Redis when the run gives REDIS_URL (as CI's PostgreSQL run does), else in memory. */
const redisUrl = process.env.REDIS_URL;
const api = useTestApp({ env: redisUrl ? { REDIS_URL: redisUrl } : {}, listen: true });

/** A fresh address per run: Redis keeps counts for a minute across test runs. */
const someIp = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

describe(`newsletter signups on ${engineUnderTest}${redisUrl ? ' with Redis' : ''}`, () => {
  it(`answers 429 to the ${NEWSLETTER_LIMIT_PER_MINUTE + 1}th signup from one address within a minute, stores none of the refused ones, and still serves other addresses`, async () => {
    const ip = someIp();
    const signup = (n: number, from = ip) =>
      api.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: `reader${n}.${ip}@example.com` },
        remoteAddress: from,
      });
    for (let n = 0; n < NEWSLETTER_LIMIT_PER_MINUTE; n++) {
      expect((await signup(n)).statusCode, `signup ${n}`).toBe(202);
    }
    const refused = await signup(NEWSLETTER_LIMIT_PER_MINUTE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'TooManyRequests',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });
    const rows = await api.app.database.db
      .selectFrom('newsletter_signups')
      .select('email')
      .where('email', 'like', `%.${ip}@example.com`)
      .execute();
    expect(rows).toHaveLength(NEWSLETTER_LIMIT_PER_MINUTE);
    expect((await signup(99, someIp())).statusCode).toBe(202);
  });

  it('the limit holds over real HTTP too (the address is the socket peer)', async () => {
    const address = api.app.server.address() as { port: number };
    let last = 0;
    for (let n = 0; n <= NEWSLETTER_LIMIT_PER_MINUTE; n++) {
      const res = await fetch(`http://127.0.0.1:${address.port}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `http${n}.${Date.now()}@example.com` }),
      });
      last = res.status;
      if (last === 429) break;
    }
    expect(last).toBe(429);
  });
});
