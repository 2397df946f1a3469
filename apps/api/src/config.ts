import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** Names proxy-addr (Fastify's trustProxy) accepts for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item) || net.isIP(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length || !/^\d{1,3}$/.test(prefix ?? '')) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address in X-Forwarded-For: none (unset), the nearest
 * N hops (a count), or the listed proxy addresses/CIDRs. Never "everyone": then any client could
 * choose the address its rate limits and log lines are keyed on.
 */
const TrustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      if (v === undefined) return false;
      const text = v.trim();
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops >= 1 && hops <= 16) return hops;
        ctx.addIssue({
          code: 'custom',
          message: 'must be a hop count from 1 to 16 (leave it unset to ignore X-Forwarded-For)',
        });
        return z.NEVER;
      }
      const items = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = items.filter((item) => !isProxyAddress(item));
      if (items.length && !bad.length) return items;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a hop count (such as 1) or a comma-separated list of proxy addresses or CIDRs ' +
          '(such as 127.0.0.1,10.0.0.0/8); "true" is not accepted: it would let any client choose its address',
      });
      return z.NEVER;
    }),
);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Exemplar <no-reply@exemplar.local>'),
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    // Every key the counters write starts with this: several deployments (or test runs) can share
    // one Redis without counting each other's requests.
    REDIS_KEY_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
        .default('exemplar:'),
    ),
    SUPERADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    SUPERADMIN_PASSWORD: optionalString,
    SEED: z.enum(['demo', 'none']).default('demo'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    TRUST_PROXY: TrustProxySchema,
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** How long an import's maths check may run on its thread before the import is refused (503). */
    IMPORT_CHECK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(365).default(30),
    /**
     * The site's public origin (`https://exemplar.example`): the absolute URLs pages declare about
     * themselves (canonical, Open Graph, JSON-LD). Unset, each request's own protocol and host.
     */
    PUBLIC_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({
          protocol: /^https?$/,
          error: 'must be an http(s) URL such as https://exemplar.example',
        })
        .optional()
        .transform((v) => (v ? new URL(v).origin : undefined)),
    ),
    CORS_ORIGINS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .optional()
        .transform((v) =>
          v
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : [],
        ),
    ),
  })
  .superRefine((c, ctx) => {
    if (c.SUPERADMIN_EMAIL && !c.SUPERADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPERADMIN_PASSWORD'],
        message: 'is required when SUPERADMIN_EMAIL is set',
      });
    }
    if (c.SUPERADMIN_PASSWORD && !c.SUPERADMIN_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPERADMIN_EMAIL'],
        message: 'is required when SUPERADMIN_PASSWORD is set',
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string };

export class ConfigError extends Error {
  constructor(
    public readonly keys: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once. A bad value throws a ConfigError naming every bad key
 * (never echoing its value: it may be a secret).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`);
    const keys = [...new Set(result.error.issues.map((i) => String(i.path[0] ?? '(root)')))];
    throw new ConfigError(keys, `Invalid configuration: ${problems.join('; ')}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
