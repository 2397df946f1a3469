import { randomUUID } from 'node:crypto';
import {
  SignJWT,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
  type KeyObject,
} from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { activeSigningKeys, insertSigningKey } from './signing-keys.repository';

const ALG = 'EdDSA';
const ISSUER = 'exemplar';
const AUDIENCE = 'exemplar';
export const TOKEN_TTL_SECONDS = 3600;

export interface SessionClaims {
  sub: string;
  email: string;
  name: string;
  groups: string[];
  token_use: 'id' | 'access';
  /** The session (refresh-token family) the token belongs to. */
  sid: string;
}

interface Key {
  kid: string;
  privateKey: KeyObject | CryptoKey | Uint8Array;
  publicKey: KeyObject | CryptoKey | Uint8Array;
  publicJwk: JWK;
  createdAt: string;
}

export class InvalidTokenError extends Error {}

/** Tokens verified and remembered, so a signed-in caller's next request skips the signature. */
const VERIFIED_MAX = 10_000;

/**
 * Signing keys live in the database so that every instance signs and verifies alike. The first
 * instance to start creates one; others load it. A token signed by a key this process has not seen
 * yet (created by another instance) makes it reload the keys, at most once every few seconds.
 */
export async function createKeyring(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const keys = new Map<string, Key>();
  let lastReload = 0;

  async function load() {
    const rows = await activeSigningKeys(db);
    for (const r of rows) {
      if (keys.has(r.kid)) continue;
      const publicJwk = JSON.parse(r.public_jwk) as JWK;
      keys.set(r.kid, {
        kid: r.kid,
        privateKey: await importJWK(JSON.parse(r.private_jwk) as JWK, r.alg),
        publicKey: await importJWK(publicJwk, r.alg),
        publicJwk,
        createdAt: r.created_at,
      });
    }
    lastReload = Date.now();
  }

  await load();
  if (keys.size === 0) {
    const pair = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ALG };
    await insertSigningKey(db, {
      kid,
      alg: ALG,
      public_jwk: JSON.stringify(publicJwk),
      private_jwk: JSON.stringify(privateJwk),
      created_at: clock().toISOString(),
      retired_at: null,
    });
    await load();
  }

  /**
   * Tokens whose signature and claims were verified, by the whole token: only the same bytes
   * (the same signature) are answered from here, and only until the token expires. Checking an
   * Ed25519 signature was a third of a signed-in request's CPU.
   */
  const verified = new Map<string, { claims: SessionClaims; exp: number }>();
  const remember = (token: string, claims: SessionClaims, exp: number) => {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp });
  };

  const current = () => [...keys.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0]!;

  return {
    async sign(claims: SessionClaims): Promise<string> {
      const key = current();
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_TTL_SECONDS)
        .sign(key.privateKey);
    },

    async verify(token: string): Promise<SessionClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp > clock().getTime() / 1000) return known.claims;
        verified.delete(token);
        throw new InvalidTokenError('invalid or expired');
      }
      let kid: string | undefined;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        throw new InvalidTokenError('malformed token');
      }
      if (!kid) throw new InvalidTokenError('no key id');
      if (!keys.has(kid) && Date.now() - lastReload > 5000) await load();
      const key = keys.get(kid);
      if (!key) throw new InvalidTokenError('unknown key');
      try {
        const { payload } = await jwtVerify(token, key.publicKey, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [ALG],
          currentDate: clock(),
        });
        const p = payload as Partial<SessionClaims>;
        if (
          typeof p.sub !== 'string' ||
          typeof p.sid !== 'string' ||
          (p.token_use !== 'id' && p.token_use !== 'access')
        ) {
          throw new InvalidTokenError('missing claims');
        }
        if (payload.exp !== undefined) remember(token, p as SessionClaims, payload.exp);
        return p as SessionClaims;
      } catch (err) {
        if (err instanceof InvalidTokenError) throw err;
        throw new InvalidTokenError('invalid or expired');
      }
    },

    jwks() {
      return { keys: [...keys.values()].map((k) => k.publicJwk) };
    },
  };
}

export type Keyring = Awaited<ReturnType<typeof createKeyring>>;
