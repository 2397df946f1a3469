import { describe, expect, it } from 'vitest';
import { adminUser } from '../test/fixtures';
import { defaultDirection, filterUsers, sortUsers } from './user-list';

const users = [
  adminUser({
    username: 'u-1',
    email: 'bea@example.com',
    name: 'Zoë',
    created: '2026-01-02T00:00:00Z',
  }),
  adminUser({
    username: 'u-2',
    email: 'al@example.com',
    name: '',
    status: 'UNCONFIRMED',
    created: '2026-03-01T00:00:00Z',
  }),
  adminUser({ username: 'x-3', email: 'cy@example.org', name: 'ann', created: null }),
];
const emails = (list: { email: string }[]) => list.map((u) => u.email);

describe('filterUsers', () => {
  it('matches email, name or username, ignoring case and spaces around', () => {
    expect(emails(filterUsers(users, '  ZOË '))).toEqual(['bea@example.com']);
    expect(emails(filterUsers(users, 'x-3'))).toEqual(['cy@example.org']);
    expect(emails(filterUsers(users, 'EXAMPLE.COM'))).toEqual([
      'bea@example.com',
      'al@example.com',
    ]);
    expect(filterUsers(users, '')).toHaveLength(3);
    expect(filterUsers(users, 'nobody')).toEqual([]);
  });
});

describe('sortUsers', () => {
  it('by email, both ways', () => {
    expect(emails(sortUsers(users, 'email', 'asc'))).toEqual([
      'al@example.com',
      'bea@example.com',
      'cy@example.org',
    ]);
    expect(emails(sortUsers(users, 'email', 'desc'))[0]).toBe('cy@example.org');
  });

  it('by name, ignoring case; users without a name last either way', () => {
    expect(emails(sortUsers(users, 'name', 'asc'))).toEqual([
      'cy@example.org',
      'bea@example.com',
      'al@example.com',
    ]);
    expect(emails(sortUsers(users, 'name', 'desc'))).toEqual([
      'bea@example.com',
      'cy@example.org',
      'al@example.com',
    ]);
  });

  it('by created (missing dates oldest) and by status', () => {
    expect(emails(sortUsers(users, 'created', 'desc'))).toEqual([
      'al@example.com',
      'bea@example.com',
      'cy@example.org',
    ]);
    expect(emails(sortUsers(users, 'status', 'asc')).at(-1)).toBe('al@example.com');
  });

  it('does not change the list it was given', () => {
    const copy = [...users];
    sortUsers(users, 'email', 'asc');
    expect(users).toEqual(copy);
  });

  it('dates start newest first, text A–Z', () => {
    expect(defaultDirection('created')).toBe('desc');
    expect(defaultDirection('email')).toBe('asc');
  });
});
