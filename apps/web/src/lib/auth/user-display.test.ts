import { describe, expect, it } from 'vitest';
import { displayName, userInitial } from './user-display';

describe('user display', () => {
  it('uses the name when there is one', () => {
    expect(displayName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(userInitial({ name: 'ada', email: 'x@example.com' })).toBe('A');
  });

  it('falls back to the email', () => {
    expect(displayName({ name: '', email: 'bob.smith@example.com' })).toBe('bob.smith');
    expect(displayName({ name: '   ', email: 'carol@example.com' })).toBe('carol');
    expect(userInitial({ name: '', email: 'bob@example.com' })).toBe('B');
  });

  it('copes with nothing at all', () => {
    expect(userInitial({ name: '', email: '' })).toBe('?');
  });
});
