import { describe, expect, it } from 'vitest';
import { adminUser } from '../test/fixtures';
import { onlyEnabledSuperadmin, onlySuperadminReason } from './only-superadmin';

const root = adminUser({ username: 'root', groups: ['superadmin'] });
const second = adminUser({ username: 'second', groups: ['superadmin', 'admin'] });
const learner = adminUser({ username: 'learner', groups: ['basic'] });

describe('onlyEnabledSuperadmin', () => {
  it('names the one enabled superadmin among other roles', () => {
    expect(onlyEnabledSuperadmin([learner, root])).toBe('root');
  });

  it('names nobody when a second superadmin is enabled', () => {
    expect(onlyEnabledSuperadmin([root, learner, second])).toBeNull();
  });

  it('a disabled superadmin does not count: the enabled one is still the only one', () => {
    expect(onlyEnabledSuperadmin([root, { ...second, enabled: false }])).toBe('root');
  });

  it('names nobody when no superadmin is enabled', () => {
    expect(onlyEnabledSuperadmin([learner, { ...root, enabled: false }])).toBeNull();
    expect(onlyEnabledSuperadmin([])).toBeNull();
  });
});

describe('onlySuperadminReason', () => {
  it('speaks to the signed-in superadmin about their own account, else about the account', () => {
    expect(onlySuperadminReason(true)).toBe(
      'You are the only enabled superadmin: your account cannot be disabled, deleted or demoted until there is another.',
    );
    expect(onlySuperadminReason(false)).toBe(
      'This is the only enabled superadmin: it cannot be disabled, deleted or demoted until there is another.',
    );
  });
});
