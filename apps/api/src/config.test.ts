import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.SEED).toBe('demo');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('IMPORT_CHECK_TIMEOUT_MS: 60 s unless set, a whole number of milliseconds from 1 s to an hour', () => {
    expect(loadConfig({}).IMPORT_CHECK_TIMEOUT_MS).toBe(60_000);
    expect(loadConfig({ IMPORT_CHECK_TIMEOUT_MS: '600000' }).IMPORT_CHECK_TIMEOUT_MS).toBe(600_000);
    for (const bad of ['999', '3600001', '1.5', 'soon']) {
      expect(() => loadConfig({ IMPORT_CHECK_TIMEOUT_MS: bad })).toThrow(/IMPORT_CHECK_TIMEOUT_MS/);
    }
  });

  it('REDIS_KEY_PREFIX: exemplar: unless set; letters, digits and : _ . - only', () => {
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe('exemplar:');
    expect(loadConfig({ REDIS_KEY_PREFIX: '' }).REDIS_KEY_PREFIX).toBe('exemplar:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:' }).REDIS_KEY_PREFIX).toBe('staging:');
    for (const bad of ['has space', 'star*', 'x'.repeat(65)]) {
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad })).toThrow(/REDIS_KEY_PREFIX/);
    }
  });

  it('treats empty strings as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', SMTP_URL: '', REDIS_URL: '' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names every bad key and never echoes a value', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://secret-password@host/db', SEED: 'all' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const e = err as ConfigError;
      expect(e.keys.sort()).toEqual(['DATABASE_URL', 'PORT', 'SEED']);
      expect(e.message).toMatch(/PORT/);
      expect(e.message).not.toMatch(/secret-password/);
    }
  });

  it('requires the superadmin password with the superadmin email', () => {
    expect(() => loadConfig({ SUPERADMIN_EMAIL: 'root@example.com' })).toThrow(
      /SUPERADMIN_PASSWORD/,
    );
    expect(() =>
      loadConfig({ SUPERADMIN_EMAIL: 'not-an-email', SUPERADMIN_PASSWORD: 'x' }),
    ).toThrow(/SUPERADMIN_EMAIL/);
  });

  it('parses CORS origins as a list', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('TRUST_PROXY: unset trusts no proxy (whatever NODE_ENV is); a hop count or a list of addresses/CIDRs is kept', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUST_PROXY,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it.each([
    'true',
    'false',
    '0',
    '17',
    '-1',
    '10.0.0.0/33',
    '::1/129',
    'proxy.example.com',
    '127.0.0.1,nope',
    ',',
  ])('TRUST_PROXY=%j is refused with a message naming the key', (value) => {
    try {
      loadConfig({ TRUST_PROXY: value });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).keys).toEqual(['TRUST_PROXY']);
      expect((err as ConfigError).message).toMatch(/^Invalid configuration: TRUST_PROXY must be/);
    }
  });
});
