import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { successMessage } from './envelope';

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
}

/** POST /auth/register → 201 `{ message, data: { username, email } }`; resolves with the message. */
export async function register(input: RegisterInput): Promise<string> {
  const body = await api.post<unknown>('/auth/register', input);
  return successMessage(body, 'Registration successful. Check your email for the code.');
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
