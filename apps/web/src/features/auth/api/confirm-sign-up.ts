import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { successMessage } from '../../../lib/envelope';

export interface ConfirmSignUpInput {
  email: string;
  code: string;
}

/** POST /auth/confirm → the account is CONFIRMED. */
export async function confirmSignUp(input: ConfirmSignUpInput): Promise<string> {
  const body = await api.post<unknown>('/auth/confirm', input);
  return successMessage(body, 'Account confirmed.');
}

export function useConfirmSignUp() {
  return useMutation({ mutationFn: confirmSignUp });
}
