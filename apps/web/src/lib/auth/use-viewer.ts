import { useAuth } from './auth-store';

/**
 * Who is looking: the signed-in user's id (`sub`), or null for a visitor. Every query whose answer
 * depends on the caller (liked/solved on the rows, the liked/solved filters) is keyed by it, so a
 * visitor's and a user's cached answers never mix.
 */
export function useViewer(): string | null {
  const { tokens, user } = useAuth();
  if (!tokens || !user) return null;
  return user.sub || user.email || 'signed-in';
}
