/**
 * The browser's copy of "try first" (an example page folds its answer and procedure until the
 * learner checks an answer or reveals them), kept in a cookie so that the server draws a reload
 * of an example page folded too (docs/decisions/046-try-first.md). For a signed-in learner it
 * mirrors the account's choice; for a visitor it is the choice itself. It says nothing about who
 * the reader is: '1' (on), '0' (off), or absent (a visitor's default, off; a signed-in learner's
 * default, on).
 */
import {
  readTryFirstCookie as readCookie,
  TRY_FIRST_COOKIE,
} from '@exemplar/shared/try-first-cookie';
import { useEffect, useRef } from 'react';
import { useViewer } from './auth/use-viewer';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();

/** The cookie's value: true, false, or null when the browser holds none. */
export function readTryFirstCookie(): boolean | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie);
}

function writeCookie(value: string, maxAge: number) {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TRY_FIRST_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  listeners.forEach((listener) => listener());
}

export function writeTryFirstCookie(on: boolean): void {
  if (readTryFirstCookie() !== on) writeCookie(on ? '1' : '0', ONE_YEAR_SECONDS);
}

export function clearTryFirstCookie(): void {
  if (readTryFirstCookie() !== null) writeCookie('', 0);
}

export function subscribeTryFirstCookie(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps the cookie with the session (the app's layout calls it): a learner who signs in and whose
 * browser holds no copy yet gets the account's default (on) at once, before any example page asks
 * for the account's choice; signing out drops the account's copy, so the browser is a visitor's
 * again (off).
 */
export function useTryFirstFollowsSession(): void {
  const viewer = useViewer();
  const previous = useRef(viewer);
  useEffect(() => {
    if (viewer !== null && readTryFirstCookie() === null) writeTryFirstCookie(true);
    if (viewer === null && previous.current !== null) clearTryFirstCookie();
    previous.current = viewer;
  }, [viewer]);
}

/**
 * Whether the page being rendered on the server, or hydrated in the browser, was drawn folded:
 * set by the server's render (entry-server.tsx) and, in the browser, from the state the server
 * wrote into the page (main.tsx), so hydration draws what the server drew.
 */
let renderedFolded = false;

export function setRenderedTryFirst(on: boolean): void {
  renderedFolded = on;
}

export function renderedTryFirst(): boolean {
  return renderedFolded;
}
