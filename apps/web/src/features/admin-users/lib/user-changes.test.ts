import { describe, expect, it } from 'vitest';
import { adminUser } from '../test/fixtures';
import { editValuesOf, hasChanges, roleChange, updateRequest, userChanges } from './user-changes';

describe('userChanges', () => {
  const ada = adminUser({ groups: ['admin', 'basic'] });

  it('finds nothing when nothing changed', () => {
    const changes = userChanges(ada, editValuesOf(ada));
    expect(changes).toEqual({ update: {}, addRoles: [], removeRoles: [] });
    expect(hasChanges(changes)).toBe(false);
  });

  it('sends only the changed fields', () => {
    const changes = userChanges(ada, { ...editValuesOf(ada), enabled: false });
    expect(changes.update).toEqual({ enabled: false });
    expect(hasChanges(changes)).toBe(true);
  });

  it('an empty password keeps the current one; a new one is sent', () => {
    expect(userChanges(ada, { ...editValuesOf(ada), password: '' }).update).toEqual({});
    expect(userChanges(ada, { ...editValuesOf(ada), password: 'New-Secret-1' }).update).toEqual({
      password: 'New-Secret-1',
    });
  });

  it('never sends confirmed for a confirmed account, and confirmed: true for an unconfirmed one', () => {
    expect(userChanges(ada, { ...editValuesOf(ada), confirmed: false }).update).toEqual({});
    const zed = adminUser({ status: 'UNCONFIRMED' });
    expect(editValuesOf(zed).confirmed).toBe(false);
    expect(userChanges(zed, { ...editValuesOf(zed), confirmed: true }).update).toEqual({
      confirmed: true,
    });
  });

  it('role changes become groups to add and to remove, highest first', () => {
    const changes = userChanges(ada, { ...editValuesOf(ada), roles: ['superadmin', 'basic'] });
    expect(changes).toEqual({ update: {}, addRoles: ['superadmin'], removeRoles: ['admin'] });
  });

  it('emailVerified both ways', () => {
    const unverified = adminUser({ emailVerified: false });
    expect(
      userChanges(unverified, { ...editValuesOf(unverified), emailVerified: true }).update,
    ).toEqual({ emailVerified: true });
    expect(userChanges(ada, { ...editValuesOf(ada), emailVerified: false }).update).toEqual({
      emailVerified: false,
    });
  });

  it('roleChange leaves exactly one role', () => {
    expect(roleChange(ada, 'basic')).toEqual({
      update: {},
      addRoles: [],
      removeRoles: ['admin'],
    });
    expect(roleChange(adminUser({ groups: [] }), 'admin').addRoles).toEqual(['admin']);
  });
});

describe('updateRequest (the one PUT of a save)', () => {
  const ada = adminUser({ groups: ['admin', 'basic'] });

  it('sends only the changed fields when no role changed', () => {
    const changes = userChanges(ada, { ...editValuesOf(ada), enabled: false });
    expect(updateRequest(ada, changes)).toEqual({ enabled: false });
  });

  it("adds the user's whole set of roles after the save when a role changed", () => {
    const changes = userChanges(ada, {
      ...editValuesOf(ada),
      emailVerified: !ada.emailVerified,
      roles: ['superadmin', 'basic'],
    });
    expect(updateRequest(ada, changes)).toEqual({
      emailVerified: !ada.emailVerified,
      groups: ['superadmin', 'basic'],
    });
    expect(updateRequest(ada, roleChange(ada, 'basic'))).toEqual({ groups: ['basic'] });
    expect(updateRequest(ada, userChanges(ada, { ...editValuesOf(ada), roles: [] }))).toEqual({
      groups: [],
    });
  });
});
