import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startCooldown, waitFromAnswer } from '../lib/code-cooldown';
import { successMessage } from '../../../lib/envelope';

export interface CodeRequested {
  message: string;
  /** Seconds until another code may be asked for this address. */
  nextCodeInSeconds: number;
}

/** POST /auth/resend-code → always 200 with a message (no account enumeration) and the wait. */
export async function resendCode(input: { email: string }): Promise<CodeRequested> {
  const body = await api.post<unknown>('/auth/resend-code', input);
  return {
    message: successMessage(
      body,
      `If an unconfirmed account exists for ${input.email}, a new code is on its way.`,
    ),
    nextCodeInSeconds: waitFromAnswer(body),
  };
}

export function useResendCode() {
  return useMutation({
    mutationFn: resendCode,
    onSuccess: (answer, input) => startCooldown('confirm', input.email, answer.nextCodeInSeconds),
  });
}
