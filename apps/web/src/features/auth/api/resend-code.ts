import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { successMessage } from './envelope';

/** POST /auth/resend-code → always 200 with a message (no account enumeration). */
export async function resendCode(input: { email: string }): Promise<string> {
  const body = await api.post<unknown>('/auth/resend-code', input);
  return successMessage(
    body,
    `If an unconfirmed account exists for ${input.email}, a new code is on its way.`,
  );
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
