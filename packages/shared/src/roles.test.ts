import { describe, expect, it } from 'vitest';
import {
  ROLE_LABELS,
  RoleSchema,
  can,
  highestRole,
  isRole,
  normaliseGroups,
  roleAtLeast,
} from './roles';

describe('roles', () => {
  it('defaults to basic when there are no groups', () => {
    expect(normaliseGroups(undefined)).toEqual(['basic']);
    expect(normaliseGroups(null)).toEqual(['basic']);
    expect(normaliseGroups([])).toEqual(['basic']);
    expect(highestRole(undefined)).toBe('basic');
    expect(ROLE_LABELS[highestRole([])]).toBe('User');
  });

  it('ignores unknown group names and duplicates', () => {
    expect(normaliseGroups(['editors', 42, 'admin', 'admin'])).toEqual(['admin']);
    expect(normaliseGroups(['editors'])).toEqual(['basic']);
  });

  it('lets the highest role win: superadmin over admin over basic', () => {
    expect(highestRole(['basic', 'admin'])).toBe('admin');
    expect(highestRole(['admin', 'superadmin', 'basic'])).toBe('superadmin');
    expect(highestRole(['basic', 'superadmin'])).toBe('superadmin');
    expect(highestRole(['basic'])).toBe('basic');
  });

  it('labels roles Super Admin, Admin and User (a user by their highest role)', () => {
    expect(ROLE_LABELS).toEqual({ superadmin: 'Super Admin', admin: 'Admin', basic: 'User' });
    expect(ROLE_LABELS[highestRole(['superadmin'])]).toBe('Super Admin');
    expect(ROLE_LABELS[highestRole(['basic', 'admin'])]).toBe('Admin');
    expect(ROLE_LABELS[highestRole(['basic'])]).toBe('User');
  });

  it('orders roles', () => {
    expect(roleAtLeast('superadmin', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('basic', 'admin')).toBe(false);
    expect(roleAtLeast('admin', 'superadmin')).toBe(false);
  });

  it('grants catalogue management to admins and superadmins, user management to superadmins', () => {
    expect(can(['admin'], 'catalogue:write')).toBe(true);
    expect(can(['superadmin'], 'catalogue:write')).toBe(true);
    expect(can(['basic'], 'catalogue:write')).toBe(false);
    expect(can(undefined, 'catalogue:write')).toBe(false);
    expect(can(['superadmin'], 'users:manage')).toBe(true);
    expect(can(['admin'], 'users:manage')).toBe(false);
  });

  it('validates role names', () => {
    expect(isRole('admin')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(RoleSchema.safeParse('basic').success).toBe(true);
    expect(RoleSchema.safeParse('editor').success).toBe(false);
  });
});

describe('permissions', () => {
  it('grant each permission to its role and every higher one', async () => {
    const { can, permissionsOf } = await import('./roles');
    expect(permissionsOf(['basic'])).toEqual({
      'progress:write': true,
      'catalogue:write': false,
      'catalogue:restore-deleted': false,
      'users:manage': false,
      'audit:read': false,
    });
    expect(permissionsOf(['admin'])).toMatchObject({
      'catalogue:write': true,
      'catalogue:restore-deleted': false,
      'users:manage': false,
    });
    expect(permissionsOf(['basic', 'superadmin'])).toEqual({
      'progress:write': true,
      'catalogue:write': true,
      'catalogue:restore-deleted': true,
      'users:manage': true,
      'audit:read': true,
    });
    expect(can([], 'catalogue:write')).toBe(false);
    expect(can(['admin'], 'catalogue:write')).toBe(true);
  });
});
