import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { COMPRESS_MIN_BYTES, SYNC_MAX_BYTES } from '../src/lib/compression';
import { httpBytes } from './helpers/http';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { userWithRole } from './helpers/users';

/** Over real HTTP: the bytes on the wire, their encoding and their caching headers. */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const ADMIN = { email: 'root@example.com', password: 'Compress-Everything-42' };
const ASSET = 'assets/index-Ab12Cd34.js';
const FONT = 'assets/KaTeX_Main-Regular-Xy98.woff2';

let env: TestEnv;
let app: FastifyInstance;
let base: string;
let dist: string;

beforeAll(async () => {
  env = await createTestEnv({
    SEED: 'demo',
    SUPERADMIN_EMAIL: ADMIN.email,
    SUPERADMIN_PASSWORD: ADMIN.password,
  });
  // A built web app of our own: an app shell, a hashed script, a font that is compressed already,
  // compressed by the build's own step.
  dist = path.join(env.dataDir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'apps/web/index.html'), path.join(dist, 'index.html'));
  const script = Array.from(
    { length: 400 },
    (_, i) => `export function step${i}(x) { return x * ${i} + ${i % 7}; }`,
  ).join('\n');
  fs.writeFileSync(path.join(dist, ASSET), script);
  fs.writeFileSync(path.join(dist, FONT), zlib.gzipSync(script)); // incompressible bytes
  const build = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts/web-build.mjs'), '--precompress', dist],
    { encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(build.stderr);

  app = await buildApp({ ...env.config, WEB_DIST_DIR: dist }, { logger: false });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  httpBytes(`${base}${url}`, { headers });
const decode = (encoding: string | undefined, bytes: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(bytes)
    : encoding === 'gzip'
      ? zlib.gunzipSync(bytes)
      : bytes;
const varies = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the built web app, precompressed', () => {
  it('the build step wrote .br and .gz beside the script and the shell, none beside the woff2 font', () => {
    for (const file of [ASSET, 'index.html']) {
      expect(fs.existsSync(path.join(dist, `${file}.br`)), file).toBe(true);
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), file).toBe(true);
    }
    expect(fs.existsSync(path.join(dist, `${FONT}.br`))).toBe(false);
    expect(fs.existsSync(path.join(dist, `${FONT}.gz`))).toBe(false);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
  ])(
    'a hashed script asked with accept-encoding "%s" comes back %s, immutable, with Vary, and decodes to the file',
    async (accept, encoding) => {
      const res = await get(`/${ASSET}`, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(res.headers)).toBe(true);
      const file = fs.readFileSync(path.join(dist, ASSET));
      expect(res.bytes.length).toBeLessThan(file.length / 3);
      expect(decode(encoding, res.bytes).equals(file)).toBe(true);
    },
  );

  it('a client that accepts no encoding gets the file itself (still with Vary)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(`/${ASSET}`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.bytes.equals(fs.readFileSync(path.join(dist, ASSET)))).toBe(true);
      expect(varies(res.headers)).toBe(true);
    }
  });

  it('a woff2 font goes out as it is even to a brotli client, and without Vary', async () => {
    const res = await get(`/${FONT}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.bytes.equals(fs.readFileSync(path.join(dist, FONT)))).toBe(true);
    expect(varies(res.headers)).toBe(false);
  });

  // The demo catalogue has example 7 and no example 999999: the shell of a missing example goes
  // out as a 404 like any path no page has, compressed the same.
  it.each([
    ['/', 200],
    ['/index.html', 200],
    ['/examples', 200],
    ['/examples/7', 200],
    ['/examples/999999', 404],
    ['/no-such-page', 404],
  ])(
    'the app shell at %s (status %i) is sent brotli-compressed, no-cache, with Vary',
    async (url, status) => {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varies(res.headers)).toBe(true);
      expect(
        zlib.brotliDecompressSync(res.bytes).equals(fs.readFileSync(path.join(dist, 'index.html'))),
      ).toBe(true);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.bytes.equals(fs.readFileSync(path.join(dist, 'index.html')))).toBe(true);
    },
  );

  it('HEAD gives the headers of the compressed answer and no body', async () => {
    const get_ = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    const head = await httpBytes(`${base}/${ASSET}`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get_.bytes.length));
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a Range request gets that range of the representation it is sent (identity or brotli)', async () => {
    const file = fs.readFileSync(path.join(dist, ASSET));
    const plain = await get(`/${ASSET}`, { range: 'bytes=10-59' });
    expect(plain.status).toBe(206);
    expect(plain.bytes.equals(file.subarray(10, 60))).toBe(true);
    const br = fs.readFileSync(path.join(dist, `${ASSET}.br`));
    const ranged = await get(`/${ASSET}`, { range: 'bytes=0-99', 'accept-encoding': 'br' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-encoding']).toBe('br');
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${br.length}`);
    expect(ranged.bytes.equals(br.subarray(0, 100))).toBe(true);
  });

  it('each encoding has its own ETag: a revalidation gets 304 only for the same encoding', async () => {
    const br = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await get(`/${ASSET}`, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    const other = await get(`/${ASSET}`, {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });
});

describe(`API answers, compressed, on ${engineUnderTest}`, () => {
  it.each([
    ['/api/examples?limit=10', 'on the event loop'],
    ['/api/examples?limit=100', 'on the thread pool'],
  ])(
    'the public list %s is compressed (%s) and decodes to the JSON sent uncompressed',
    async (url, where) => {
      const plain = await get(url);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      if (where === 'on the thread pool')
        expect(plain.bytes.length).toBeGreaterThan(SYNC_MAX_BYTES);
      else {
        expect(plain.bytes.length).toBeGreaterThan(4 * COMPRESS_MIN_BYTES);
        expect(plain.bytes.length).toBeLessThanOrEqual(SYNC_MAX_BYTES);
      }
      expect(varies(plain.headers)).toBe(true);
      for (const encoding of ['br', 'gzip']) {
        const res = await get(url, { 'accept-encoding': encoding });
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(varies(res.headers)).toBe(true);
        expect(res.headers['content-length']).toBe(String(res.bytes.length));
        expect(res.bytes.length).toBeLessThan(plain.bytes.length / 2);
        expect(JSON.parse(decode(encoding, res.bytes).toString('utf8'))).toEqual(
          JSON.parse(plain.bytes.toString('utf8')),
        );
      }
    },
  );

  it('a cached answer is compressed once per encoding, and the same compressed bytes are sent again', async () => {
    // Either form counts: answers up to SYNC_MAX_BYTES use the synchronous one.
    const spies = {
      brotli: [vi.spyOn(zlib, 'brotliCompress'), vi.spyOn(zlib, 'brotliCompressSync')],
      gzip: [vi.spyOn(zlib, 'gzip'), vi.spyOn(zlib, 'gzipSync')],
    };
    const count = (name: keyof typeof spies) =>
      spies[name].reduce((n, spy) => n + spy.mock.calls.length, 0);
    const url = '/api/examples?limit=40';
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers['x-catalogue-cache']).toBeUndefined();
    expect(first.headers['content-encoding']).toBe('br');
    expect(count('brotli')).toBe(1);
    const second = await get(url, { 'accept-encoding': 'br' });
    const third = await get(url, { 'accept-encoding': 'gzip, br' });
    for (const res of [second, third]) {
      expect(res.headers['x-catalogue-cache']).toBe('hit');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.bytes.equals(first.bytes)).toBe(true);
    }
    expect(count('brotli')).toBe(1);
    // gzip is made once too, when first asked for, and brotli is not made again.
    const gz1 = await get(url, { 'accept-encoding': 'gzip' });
    const gz2 = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz1.headers['content-encoding']).toBe('gzip');
    expect(gz2.bytes.equals(gz1.bytes)).toBe(true);
    expect(count('gzip')).toBe(1);
    expect(count('brotli')).toBe(1);
    // And the uncompressed answer of the same entry is still the JSON.
    const plain = await get(url);
    expect(plain.headers['x-catalogue-cache']).toBe('hit');
    expect(plain.bytes.equals(zlib.brotliDecompressSync(first.bytes))).toBe(true);
  });

  it('answers under 1 KiB go out uncompressed, without Vary', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res.headers)).toBe(false);
  });

  it('a signed-in (no-store) list is compressed per request and carries the caller’s marks', async () => {
    const user = await userWithRole(app, 'basic');
    const url = '/api/examples?limit=30';
    const res = await get(url, { 'accept-encoding': 'br', ...user.auth });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-catalogue-cache']).toBeUndefined();
    expect(res.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(res.bytes).toString('utf8'));
    expect(json.data.examples[0]).toHaveProperty('liked', false);
  });

  it('the login answer (tokens next to what the caller sent) is never compressed, at any size', async () => {
    // Over 1 KiB (two tokens and the account), so only the rule keeps it uncompressed.
    const res = await httpBytes(`${base}/api/auth/login`, {
      body: ADMIN,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.bytes.toString('utf8')).data.idToken).toEqual(expect.any(String));
    const me = await get('/api/auth/me', {
      'accept-encoding': 'br',
      authorization: `Bearer ${JSON.parse(res.bytes.toString('utf8')).data.idToken}`,
    });
    expect(me.status).toBe(200);
    expect(me.headers['content-encoding']).toBeUndefined();
  });
});
