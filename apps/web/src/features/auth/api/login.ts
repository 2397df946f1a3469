import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { AuthTokens } from '../../../lib/auth/auth-store';
import { SESSION_QUERY_KEY, startSession } from '../../../lib/auth/session';
import { parseData } from '../../../lib/envelope';

export interface LoginInput {
  email: string;
  password: string;
}

const LoginDataSchema = z.object({
  idToken: z.string().min(1),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});

/** POST /auth/login → the three tokens. */
export async function login(input: LoginInput): Promise<AuthTokens> {
  const body = await api.post<unknown>('/auth/login', input);
  return parseData(LoginDataSchema, body);
}

/** Logs in and starts the session (tokens stored, user read from the id token). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (tokens) => {
      // Nothing cached for an earlier session may leak into this one.
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
      startSession(tokens);
      // Lists with per-user fields (liked, solved) are fetched again with the new bearer.
      void queryClient.invalidateQueries();
    },
  });
}
