import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCounterStore } from '../../lib/counters';
import { registerErrorHandler } from '../../lib/error-handler';
import type { AuthUser } from '../../modules/auth';
import { perAccount, rateLimitPlugin } from './rate-limit';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * A route limited by `perAccount` with small numbers: 3 a minute per account, 2 per visitor's
 * address, 5 signed-in requests per address. Its auth hook signs in whoever the x-user header
 * names (the real hooks are tested with the routes).
 */
async function limitedApp() {
  const a = Fastify();
  registerErrorHandler(a);
  await a.register(
    fp(
      async (f) => {
        f.decorate('counters', memoryCounterStore());
      },
      { name: 'redis' },
    ),
  );
  await a.register(rateLimitPlugin);
  const signIn = async (request: FastifyRequest) => {
    const id = request.headers['x-user'];
    request.user = id ? ({ id: Number(id) } as AuthUser) : null;
  };
  a.post(
    '/limited',
    { onRequest: signIn, config: perAccount({ account: 3, visitor: 2, address: 5 }) },
    async () => ({ ok: true }),
  );
  await a.ready();
  return a;
}

const send = (remoteAddress: string, user?: number) =>
  app!.inject({
    method: 'POST',
    url: '/limited',
    remoteAddress,
    headers: user === undefined ? {} : { 'x-user': String(user) },
  });
const statuses = async (n: number, remoteAddress: string, user?: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(remoteAddress, user)).statusCode);
  return out;
};

describe('perAccount limits', () => {
  it('count a signed-in caller per account, a visitor per address, and signed-in traffic of one address under its ceiling', async () => {
    app = await limitedApp();
    // A visitor: 2 from its address, then 429; another visitor's address is counted apart.
    expect(await statuses(3, '192.0.2.1')).toEqual([200, 200, 429]);
    expect(await statuses(1, '192.0.2.2')).toEqual([200]);
    // Signed in on the visitor's spent address: counted per account, not refused.
    expect(await statuses(4, '192.0.2.1', 1)).toEqual([200, 200, 200, 429]);
    const refused = await send('192.0.2.1', 1);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'TooManyRequests' });
    // The address's signed-in ceiling: 3 answered for account 1, so 2 more for account 2...
    expect(await statuses(3, '192.0.2.1', 2)).toEqual([200, 200, 429]);
    const ceiling = await send('192.0.2.1', 3);
    expect(ceiling.statusCode).toBe(429);
    expect(Number(ceiling.headers['retry-after'])).toBeGreaterThan(0);
    expect(ceiling.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
    // ... while the same account from another address is answered.
    expect(await statuses(1, '192.0.2.3', 3)).toEqual([200]);
  });
});
