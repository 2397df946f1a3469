import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { successMessage } from '../../../lib/envelope';

export interface ConfirmForgotPasswordInput {
  email: string;
  code: string;
  newPassword: string;
}

/** POST /auth/confirm-forgot-password → the new password is set. */
export async function confirmForgotPassword(input: ConfirmForgotPasswordInput): Promise<string> {
  const body = await api.post<unknown>('/auth/confirm-forgot-password', input);
  return successMessage(body, 'Password reset.');
}

export function useConfirmForgotPassword() {
  return useMutation({ mutationFn: confirmForgotPassword });
}
