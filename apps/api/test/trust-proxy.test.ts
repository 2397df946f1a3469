import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loggerOptions } from '../src/lib/logger';
import { NEWSLETTER_LIMIT_PER_MINUTE } from '../src/modules/newsletter';
import { httpRequest } from './helpers/http';
import { freePort, spawnServer } from './helpers/server-process';
import { useEnvPerTest } from './helpers/test-db';

/**
 * A per-address limit to reach: the newsletter's (small, and cheap to send; the login's is the same
 * kind of limit, keyed by the same address, but hundreds a minute for a school behind one address).
 */
const LIMIT = NEWSLETTER_LIMIT_PER_MINUTE;

const perTest = useEnvPerTest();

interface LogLine {
  msg?: string;
  reqId?: string;
  ip?: string;
  req?: { remoteAddress?: string };
}

/** A real server on a free port whose log lines (JSON, as in production) are collected. */
async function serve(overrides: Record<string, string>) {
  const env = await perTest.env({ NODE_ENV: 'production', LOG_LEVEL: 'info', ...overrides });
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  const options = loggerOptions(env.config) as Record<string, unknown>;
  const app = perTest.keep(await buildApp(env.config, { logger: { ...options, stream } }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { base: `${address}/api`, lines };
}

function login(base: string, i: number, headers: Record<string, string>, localAddress?: string) {
  return httpRequest(`${base}/auth/login`, {
    body: { email: `nobody${i}@example.com`, password: 'Wrong-password-1' },
    headers: { 'x-request-id': `login-${i}`, ...headers },
    localAddress,
  });
}

/** A request to a route limited per address (the newsletter's signup). */
function subscribe(
  base: string,
  i: number,
  headers: Record<string, string>,
  localAddress?: string,
) {
  return httpRequest(`${base}/newsletter`, {
    body: { email: `reader${i}@example.com` },
    headers: { 'x-request-id': `signup-${i}`, ...headers },
    localAddress,
  });
}

/** The address each request's "incoming request" log line gives. */
function loggedAddresses(lines: LogLine[]) {
  return new Map(
    lines.filter((l) => l.msg === 'incoming request').map((l) => [l.reqId, l.req?.remoteAddress]),
  );
}

describe('TRUST_PROXY decides whose X-Forwarded-For is believed', () => {
  it('unset in production: rotating X-Forwarded-For values still hit a per-address limit, and every log line gives the socket address', async () => {
    const { base, lines } = await serve({});
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      statuses.push((await subscribe(base, i, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    expect((await login(base, 0, { 'x-forwarded-for': '203.0.113.250' })).status).toBe(401);
    const logged = loggedAddresses(lines);
    expect(logged.size).toBe(LIMIT + 2);
    expect(new Set(logged.values())).toEqual(new Set(['127.0.0.1']));
    const failures = lines.filter((l) => l.msg === 'login failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((l) => l.ip === '127.0.0.1')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('203.0.113.');
  });

  it('TRUST_PROXY=1: the last hop is the client, so a client-chosen first hop neither escapes the limit nor reaches the log', async () => {
    const { base, lines } = await serve({ TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const forwarded = `203.0.113.${i + 1}, 198.51.100.7`;
      statuses.push((await subscribe(base, i, { 'x-forwarded-for': forwarded })).status);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await subscribe(base, 99, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(202);
    const logged = loggedAddresses(lines);
    expect(logged.get('signup-0')).toBe('198.51.100.7');
    expect(logged.get(`signup-${LIMIT}`)).toBe('198.51.100.7');
    expect(logged.get('signup-99')).toBe('198.51.100.8');
    expect(JSON.stringify(lines)).not.toContain('203.0.113.');
  });

  it('TRUST_PROXY=127.0.0.1: the forwarded address is used only when the peer is 127.0.0.1', async () => {
    const { base, lines } = await serve({ TRUST_PROXY: '127.0.0.1' });
    const ask = (id: string, localAddress: string, forwarded: string) =>
      httpRequest(`${base}/health/live`, {
        headers: { 'x-request-id': id, 'x-forwarded-for': forwarded },
        localAddress,
      });
    expect((await ask('via-proxy', '127.0.0.1', '198.51.100.20')).status).toBe(200);
    expect((await ask('direct', '127.0.0.2', '198.51.100.21')).status).toBe(200);
    const logged = loggedAddresses(lines);
    expect(logged.get('via-proxy')).toBe('198.51.100.20');
    expect(logged.get('direct')).toBe('127.0.0.2');

    // And the limit follows: a peer that is not the proxy cannot rotate its way past it.
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const forwarded = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await subscribe(base, i, forwarded, '127.0.0.3')).status);
    }
    expect(statuses[LIMIT - 1]).toBe(202);
    expect(statuses[LIMIT]).toBe(429);
  });

  it('a bad TRUST_PROXY stops start-up with a message naming the key', async () => {
    const env = await perTest.env();
    for (const bad of ['true', '127.0.0.1,10.0.0.0/33']) {
      const server = spawnServer({ ...env.env, PORT: String(await freePort()), TRUST_PROXY: bad });
      expect(await server.exited).toBe(78);
      expect(server.output()).toMatch(/Invalid configuration: TRUST_PROXY must be/);
    }
  });
});
