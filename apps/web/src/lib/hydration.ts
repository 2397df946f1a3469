/**
 * Whether this render is the server's or the browser's first pass over a page the server rendered
 * (hydration). Components that draw differently in the browser (a long text typeset a part at a
 * time, answers hidden by practice mode) read it once, when they mount, to draw what the server
 * drew; main.tsx starts hydration and the app ends it once the page has been taken over.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  hydrating = false;
}

export function isServerRender(): boolean {
  return typeof window === 'undefined' || hydrating;
}
