import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startCooldown, waitFromAnswer } from '../lib/code-cooldown';
import { successMessage } from '../../../lib/envelope';
import type { CodeRequested } from './resend-code';

/** POST /auth/forgot-password → 200 with a message and the wait (the same for unknown emails). */
export async function forgotPassword(input: { email: string }): Promise<CodeRequested> {
  const body = await api.post<unknown>('/auth/forgot-password', input);
  return {
    message: successMessage(
      body,
      `If an account exists for ${input.email}, a reset code is on its way.`,
    ),
    nextCodeInSeconds: waitFromAnswer(body),
  };
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: forgotPassword,
    onSuccess: (answer, input) => startCooldown('reset', input.email, answer.nextCodeInSeconds),
  });
}
