import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SubscribeInput {
  email: string;
}

/** 202 `{ success: true, message }`; subscribing twice is fine (idempotent). */
export interface SubscribeResponse {
  success: true;
  message?: string;
}

export function subscribeToNewsletter(input: SubscribeInput): Promise<SubscribeResponse> {
  return api.post<SubscribeResponse>('/newsletter', input);
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
