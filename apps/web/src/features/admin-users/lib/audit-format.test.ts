import { describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../api/get-audit-log';
import { auditActor, describeAuditEntry } from './audit-format';

const entry = (
  action: string,
  details: Record<string, unknown>,
  targetId = '7',
): AuditEntryView => ({
  id: 1,
  actor: 'root@example.com',
  action,
  targetType: action.split('.')[0]!,
  targetId,
  details,
  createdAt: '2026-05-01T12:00:00Z',
});

describe('describeAuditEntry', () => {
  it('user changes', () => {
    expect(
      describeAuditEntry(
        entry('user.update', { email: 'ada@example.com', enabled: false, password: 'changed' }),
      ).summary,
    ).toBe('Updated ada@example.com: disabled, password changed');
    expect(
      describeAuditEntry(
        entry('user.update', { email: 'a@b.c', confirmed: true, emailVerified: true }),
      ).summary,
    ).toBe('Updated a@b.c: confirmed, email marked verified');
    expect(describeAuditEntry(entry('user.delete', { email: 'zed@example.org' })).summary).toBe(
      'Deleted user zed@example.org',
    );
    expect(
      describeAuditEntry(entry('user.group.add', { email: 'g@x.io', group: 'superadmin' })).summary,
    ).toBe('Added g@x.io to Super Admin');
    expect(
      describeAuditEntry(entry('user.group.remove', { email: 'g@x.io', group: 'basic' })).summary,
    ).toBe('Removed g@x.io from User');
  });

  it('catalogue changes, by name or by number', () => {
    expect(describeAuditEntry(entry('categories.update', { name: 'Limits' })).summary).toBe(
      'Updated category "Limits"',
    );
    const example = describeAuditEntry(entry('examples.delete', {}, '42'));
    expect(example).toEqual({ summary: 'Deleted example #42', kind: 'catalogue', tone: 'delete' });
  });

  it("restores and reads of an example's history, with the version restored", () => {
    expect(describeAuditEntry(entry('examples.restore', { version: 3 }, '42'))).toEqual({
      summary: 'Restored example #42 to version 3',
      kind: 'catalogue',
      tone: 'update',
    });
    expect(
      describeAuditEntry(entry('examples.restore', { version: 1, undeleted: true }, '7')).summary,
    ).toBe('Restored example #7 to version 1 (it had been deleted)');
    expect(describeAuditEntry(entry('examples.history', { versions: 4 }, '42')).summary).toBe(
      'Read the history of example #42',
    );
  });

  it('imports, with their counts', () => {
    expect(
      describeAuditEntry(entry('catalogue.import', { imported: 126, duplicates: 2, failed: 0 }, ''))
        .summary,
    ).toBe('Imported examples: 126 examples added, 2 already there');
    expect(describeAuditEntry(entry('catalogue.import', {}, '')).summary).toBe('Imported examples');
  });

  it('unknown actions are still shown', () => {
    expect(describeAuditEntry(entry('badges.award', {}, '9')).summary).toBe(
      'badges.award (badges 9)',
    );
  });

  it('the actor, the system for imports, or a note when the account is gone', () => {
    expect(auditActor({ actor: 'root@example.com', action: 'user.delete' })).toBe(
      'root@example.com',
    );
    expect(auditActor({ actor: null, action: 'user.delete' })).toBe('a removed account');
    expect(auditActor({ actor: null, action: 'catalogue.import' })).toBe('the system');
  });
});
