import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { successMessage } from '../../../lib/envelope';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /auth/change-password → the password is changed; the server revokes other sessions. */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const body = await api.post<unknown>('/auth/change-password', input);
  return successMessage(body, 'Password changed successfully.');
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
