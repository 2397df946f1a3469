import { useSyncExternalStore } from 'react';
import { dataOf } from '../../../lib/envelope';

/**
 * When a new confirmation or reset code may be asked for, per purpose and email. The server mails
 * at most one code a minute (five an hour) to an address and says how long until the next one;
 * the screens keep that moment here (in localStorage, so a reload or a second tab still knows) and
 * count down to it.
 */
export type CodePurpose = 'confirm' | 'reset';

/** Assumed when the server's answer does not say (it always waits at least a minute). */
export const DEFAULT_WAIT_SECONDS = 60;
const STORAGE_KEY = 'nextCodeAt';

type Entries = Record<string, number>;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readAll(): Entries {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Entries) : {};
  } catch {
    return {};
  }
}

const keyOf = (purpose: CodePurpose, email: string) => `${purpose}:${email.trim().toLowerCase()}`;

/** Records that the next code for `email` may be asked for in `seconds`. */
export function startCooldown(purpose: CodePurpose, email: string, seconds: number): void {
  const now = Date.now();
  const entries = Object.fromEntries(Object.entries(readAll()).filter(([, at]) => at > now));
  entries[keyOf(purpose, email)] = now + Math.max(0, seconds) * 1000;
  storage()?.setItem(STORAGE_KEY, JSON.stringify(entries));
  listeners.forEach((l) => l());
}

/** The server's `data.nextCodeInSeconds`, or the default wait when it sent none. */
export function waitFromAnswer(body: unknown): number {
  const seconds = dataOf(body)['nextCodeInSeconds'];
  return typeof seconds === 'number' && seconds >= 0 ? seconds : DEFAULT_WAIT_SECONDS;
}

/** Listens to new waits and to the clock (four ticks a second; React re-renders on a change). */
function subscribe(listener: () => void) {
  listeners.add(listener);
  const timer = window.setInterval(listener, 250);
  return () => {
    listeners.delete(listener);
    window.clearInterval(timer);
  };
}

function secondsLeft(purpose: CodePurpose, email: string | null): number {
  const until = email ? (readAll()[keyOf(purpose, email)] ?? 0) : 0;
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Whole seconds until a new code may be asked for `email` (0 when it may now), kept current. */
export function useCooldown(purpose: CodePurpose, email: string | null): number {
  return useSyncExternalStore(subscribe, () => secondsLeft(purpose, email));
}

/** "59 s", "3 min 20 s", "54 min". */
export function formatWait(seconds: number): string {
  if (seconds <= 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes < 10 && rest ? `${minutes} min ${rest} s` : `${Math.ceil(seconds / 60)} min`;
}
