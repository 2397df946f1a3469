/** What the auth calls answer people: one wording for each refusal, used wherever it applies. */
export const MESSAGES = {
  duplicate: 'An account with the given email already exists.',
  badLogin: 'Incorrect email or password.',
  notConfirmed: 'User is not confirmed.',
  disabled: 'User is disabled.',
  wrongCode: 'Invalid verification code provided, please try again.',
  deadCode: 'Invalid code provided, please request a code again.',
  tooManyTries: 'Attempt limit exceeded, please try after some time.',
  badRefresh: 'Invalid refresh token.',
  badToken: 'Invalid or expired token.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

/** "30 seconds", "1 minute", "14 minutes": a wait rounded up, in the largest whole unit. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
