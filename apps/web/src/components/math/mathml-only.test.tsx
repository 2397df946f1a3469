import { mathmlOnly, renderRichText } from '@exemplar/shared/math';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typesetWhenNear } from './mathml-only';

const TEXT = 'Solve $3x - 4 = 50$: $$x = \\frac{54}{3}$$';

/** An element as the server writes a text below the first screen. */
function serverElement() {
  const element = document.createElement('div');
  element.className = 'math-text';
  element.setAttribute('data-mathml-only', 'true');
  element.innerHTML = mathmlOnly(renderRichText(TEXT));
  document.body.append(element);
  return element;
}

/** An IntersectionObserver the test drives: `near(true)` reports its elements near the screen. */
function fakeObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    observed: Element[];
    disconnected: boolean;
  }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, observed: [] as Element[], disconnected: false };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.observed.push(element);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  const near = (isIntersecting: boolean) => {
    for (const o of observers.filter((o) => !o.disconnected)) {
      const entries = o.observed.map(
        (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
      );
      o.callback(entries, o as unknown as IntersectionObserver);
    }
  };
  return { observers, near };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('typesetWhenNear', () => {
  it('leaves the MathML alone until the text nears the screen, then typesets it in full once', () => {
    const { observers, near } = fakeObserver();
    const element = serverElement();
    const stop = typesetWhenNear(element, TEXT, undefined);
    expect(observers[0]?.options?.rootMargin).toBe('100% 0px');
    near(false);
    expect(element.querySelector('.katex-html')).toBeNull();
    expect(element.querySelectorAll('.katex > math')).toHaveLength(2);
    expect(element.hasAttribute('data-mathml-only')).toBe(true);

    near(true);
    expect(element.querySelectorAll('.katex > .katex-html')).toHaveLength(2);
    expect(element.querySelectorAll('.katex > .katex-mathml > math')).toHaveLength(2);
    expect(element.querySelector('.katex > math')).toBeNull();
    expect(element.hasAttribute('data-mathml-only')).toBe(false);
    expect(observers[0]?.disconnected).toBe(true);
    stop();
  });

  it('stops watching when the text goes away before it was near', () => {
    const { observers, near } = fakeObserver();
    const element = serverElement();
    typesetWhenNear(element, TEXT, undefined)();
    near(true);
    expect(observers[0]?.disconnected).toBe(true);
    expect(element.querySelector('.katex-html')).toBeNull();
  });
});
