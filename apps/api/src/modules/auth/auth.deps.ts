import { createHash } from 'node:crypto';
import type { Role } from '@exemplar/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CounterStore } from '../../lib/counters';
import type { Keyring } from './jwt';
import type { Mailer } from '../../lib/mailer';

/** Default absolute session lifetime, from login; refreshing never extends it. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  name: string;
  groups: Role[];
  /** The session this request belongs to. */
  sid: string;
}

export interface AuthDeps {
  db: Kysely<Database>;
  keyring: Keyring;
  mailer: Mailer;
  counters: CounterStore;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** Absolute session lifetime in ms (SESSION_MAX_AGE_DAYS). */
  sessionMaxAgeMs?: number;
}

/** The deps with their defaults filled in, as every part of the auth service receives them. */
export interface AuthContext extends Required<AuthDeps> {
  /** The clock's time as an ISO string. */
  now(): string;
}

export function authContext({
  clock = () => new Date(),
  sessionMaxAgeMs = SESSION_MAX_AGE_MS,
  ...deps
}: AuthDeps): AuthContext {
  return { ...deps, clock, sessionMaxAgeMs, now: () => clock().toISOString() };
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
