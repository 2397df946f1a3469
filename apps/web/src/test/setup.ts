import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStore } from '../lib/auth/auth-store';
import { resetLogoutMark } from '../lib/auth/session';
import { clearTryFirstCookie } from '../lib/try-first';

// Lazy routes are compiled on first import, which can take a few seconds on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only auto-cleans up when test globals are enabled; they are not. Each test
// starts signed out (no logout mark either), with no stored settings, no notifications, an empty
// page, with real timers and the real fetch (test/fake-api.ts stubs it per test). The test files
// of a worker share one module graph and one document (`isolate: false` in vite.config.ts), so
// whatever a test leaves behind in them is cleared here.
afterEach(() => {
  cleanup();
  notifications.clean();
  document.body.innerHTML = '';
  installFontsStub();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.reset();
  resetLogoutMark();
  window.localStorage.clear();
  clearTryFirstCookie();
});

// jsdom lacks the browser APIs Mantine relies on. (This file runs once per test file, in a
// document the files of a worker share: wrap getComputedStyle once.)
const { getComputedStyle } = window;
if (!('exemplarWrapped' in getComputedStyle)) {
  window.getComputedStyle = Object.assign((element: Element) => getComputedStyle(element), {
    exemplarWrapped: true,
  });
}

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
// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts. Installed again
// after each test, since a test may replace it (the worksheet waits on its own `ready`).
function installFontsStub() {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
installFontsStub();
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
