import { useSyncExternalStore } from 'react';

/**
 * Whether this render is the server's or the browser's first pass over a page the server rendered
 * (hydration). Components that draw differently in the browser (a long text typeset a part at a
 * time, answers hidden by practice mode) read it to draw what the server drew; main.tsx starts
 * hydration and the layout ends it once the page has been taken over.
 */
let hydrating = false;
const listeners = new Set<() => void>();

export function startHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  listeners.forEach((listener) => listener());
}

export function isServerRender(): boolean {
  return typeof window === 'undefined' || hydrating;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** isServerRender as state: true on the server and while hydrating, then false (re-rendered). */
export function useServerRender(): boolean {
  return useSyncExternalStore(subscribe, isServerRender, () => true);
}
