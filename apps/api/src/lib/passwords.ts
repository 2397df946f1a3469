import { hash, verify, type Algorithm } from '@node-rs/argon2';
import {
  containsEmailName,
  passwordPolicyProblem,
  PasswordReason,
  passwordReasonMessage,
  type PasswordOwner,
} from '@exemplar/shared/fields';
import { AppError } from './errors';
import { ErrorCode } from '@exemplar/shared/api';

/** OWASP ASVS 5 minimum for argon2id: 46 MiB, one pass, one lane. */
// Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 47_104,
  timeCost: 1,
  parallelism: 1,
};

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2);
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as checking a real password, for callers that have no account to check
 * against: an unknown email and a wrong password must be indistinguishable, in timing too.
 */
export async function burnVerifyTime(secret: string): Promise<void> {
  dummyHash ??= hashSecret('an unguessable placeholder password 1A');
  await verifySecret(await dummyHash, secret);
}

/**
 * Frequently used passwords that would pass the character rules. Lower-cased; compared without
 * trailing digits and punctuation too, so "Password123!" is caught by "password".
 */
const COMMON = new Set(
  `password passw0rd p@ssw0rd p@ssword qwerty qwertyuiop qwerty123 asdfgh asdfghjkl zxcvbnm
  letmein welcome welcome1 admin administrator iloveyou monkey dragon football baseball basketball
  soccer hockey master sunshine princess shadow superman batman starwars trustno1 whatever freedom
  abc123 abcd1234 abcdef abcdefg abcdefgh 123abc 1q2w3e4r 1qaz2wsx zaq12wsx qazwsx changeme secret
  login hello hello123 charlie michael jennifer jordan hunter ranger buster thomas robert daniel
  summer winter spring autumn computer internet google samsung apple microsoft liverpool chelsea
  arsenal london america canada exemplar maths math mathematics test test123 testing default guest`
    .split(/\s+/)
    .filter(Boolean),
);

/** Why a new password is refused, or null when it is acceptable. */
export function passwordReason(password: string, email?: string): PasswordReason | null {
  const rule = passwordPolicyProblem(password);
  if (rule) return rule;
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/u, '').replace(/^[\d\W_]+/u, '');
  if (COMMON.has(lower) || COMMON.has(stem) || /^(.)\1+$/.test(lower)) {
    return PasswordReason.TooCommon;
  }
  if (email && containsEmailName(password, email)) return PasswordReason.ContainsEmail;
  return null;
}

/**
 * Throws the 400 for a password that breaks the policy: code ValidationError, a plain sentence as
 * the message (naming whose email address when it is someone else's), and the rule as `reason`.
 * The same rule and sentence wherever a password is set: registration, reset, change, a
 * superadmin's edit, the SUPERADMIN_PASSWORD bootstrap and `npm run user`.
 */
export function assertPasswordAcceptable(
  password: string,
  email: string,
  owner: PasswordOwner = { own: true },
): void {
  const reason = passwordReason(password, email);
  if (!reason) return;
  throw new AppError(400, ErrorCode.ValidationError, passwordReasonMessage(reason, email, owner), {
    reason,
  });
}
