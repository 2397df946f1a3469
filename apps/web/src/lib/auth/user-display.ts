import type { AuthUser } from './auth-store';

type Named = Pick<AuthUser, 'email' | 'name'>;

/** The name, else the part of the email before the @ sign. */
export function displayName(user: Named): string {
  const name = user.name.trim();
  if (name) return name;
  const local = user.email.split('@')[0] ?? '';
  return local || user.email;
}

/** First letter of the name, else of the email, upper-cased. */
export function userInitial(user: Named): string {
  const source = user.name.trim() || user.email.trim();
  const first = Array.from(source)[0];
  return first ? first.toLocaleUpperCase() : '?';
}
