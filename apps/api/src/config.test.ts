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
});
