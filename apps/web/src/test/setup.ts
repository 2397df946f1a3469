import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStore } from '../lib/auth/auth-store';
import { clearTryFirstCookie } from '../lib/try-first';

// Lazy routes are compiled on first import, which can take a few seconds on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only auto-cleans up when test globals are enabled; they are not. Each test
// starts signed out, with no stored settings, with real timers and the real fetch (test/fake-api.ts stubs it per test).
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.reset();
  window.localStorage.clear();
  clearTryFirstCookie();
});

// jsdom lacks the browser APIs Mantine relies on.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
