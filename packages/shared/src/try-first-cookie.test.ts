import { describe, expect, it } from 'vitest';
import { readTryFirstCookie, tryFirstCookieOn } from './try-first-cookie';

describe('tryFirstCookieOn', () => {
  it.each([
    ['exemplar-try-first=1', true],
    ['theme=dark; exemplar-try-first=1; lang=en', true],
    ['theme=dark;exemplar-try-first=1', true],
    ['  exemplar-try-first = 1 ;theme=dark', true],
    [undefined, false],
    ['', false],
    ['exemplar-try-first=0', false],
    ['exemplar-try-first=', false],
    ['exemplar-try-first', false],
    ['exemplar-try-first=10', false],
    ['xexemplar-try-first=1', false],
    ['exemplar-try-first-old=1', false],
    ['theme=exemplar-try-first=1', false],
  ])('%j → %s', (header, on) => {
    expect(tryFirstCookieOn(header)).toBe(on);
  });
});

describe('readTryFirstCookie', () => {
  it.each([
    ['exemplar-try-first=1', true],
    ['theme=dark; exemplar-try-first=0', false],
    [undefined, null],
    ['theme=dark', null],
    ['exemplar-try-first=', null],
    ['exemplar-try-first=yes', null],
  ])('%j → %s (a learner who turned it off is told apart from no choice yet)', (header, value) => {
    expect(readTryFirstCookie(header)).toBe(value);
  });
});
