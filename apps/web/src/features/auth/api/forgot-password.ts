import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { successMessage } from './envelope';

/** POST /auth/forgot-password → 200 with a message (the same for unknown emails). */
export async function forgotPassword(input: { email: string }): Promise<string> {
  const body = await api.post<unknown>('/auth/forgot-password', input);
  return successMessage(
    body,
    `If an account exists for ${input.email}, a reset code is on its way.`,
  );
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
