import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startCooldown, waitFromAnswer } from '../lib/code-cooldown';
import { successMessage } from '../../../lib/envelope';

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
}

/**
 * POST /auth/register → 201 `{ message, data: { username, email, nextCodeInSeconds } }`; resolves
 * with the message. The code just mailed starts the wait before another may be asked for.
 */
export async function register(input: RegisterInput): Promise<string> {
  const body = await api.post<unknown>('/auth/register', input);
  startCooldown('confirm', input.email, waitFromAnswer(body));
  return successMessage(body, 'Registration successful. Check your email for the code.');
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
