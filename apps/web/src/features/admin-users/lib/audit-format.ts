import { isRole, ROLE_LABELS } from '@exemplar/shared/roles';
import type { AuditEntryView } from '../api/get-audit-log';

export type AuditKind = 'user' | 'catalogue' | 'other';
export type AuditTone = 'create' | 'update' | 'delete' | 'role' | 'other';

export interface AuditDescription {
  /** A sentence without the actor: 'Deleted user ada@example.com'. */
  summary: string;
  kind: AuditKind;
  tone: AuditTone;
}

/**
 * Who did it: the actor's email. Without one, an import was run by the system (seed, command
 * line); anything else was done by an account that has since been deleted.
 */
export function auditActor(entry: Pick<AuditEntryView, 'actor' | 'action'>): string {
  if (entry.actor) return entry.actor;
  return entry.action === 'catalogue.import' ? 'the system' : 'a removed account';
}

const CATALOGUE_NOUNS: Readonly<Record<string, string>> = {
  subjects: 'subject',
  categories: 'category',
  difficulties: 'difficulty',
  types: 'type',
  examples: 'example',
};

const VERBS: Readonly<Record<string, { verb: string; tone: AuditTone }>> = {
  create: { verb: 'Created', tone: 'create' },
  update: { verb: 'Updated', tone: 'update' },
  delete: { verb: 'Deleted', tone: 'delete' },
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

function roleName(value: unknown): string {
  return isRole(value) ? ROLE_LABELS[value] : (text(value) ?? 'a group');
}

/** What changed in a user update, in words: 'disabled, password changed'. */
function userUpdateParts(details: Record<string, unknown>): string[] {
  const parts: string[] = [];
  if (details['enabled'] === true) parts.push('enabled');
  if (details['enabled'] === false) parts.push('disabled');
  if (details['confirmed'] === true) parts.push('confirmed');
  if (details['emailVerified'] === true) parts.push('email marked verified');
  if (details['emailVerified'] === false) parts.push('email marked not verified');
  if (details['password'] !== undefined) parts.push('password changed');
  return parts;
}

/** An audit entry as a sentence a person reads at a glance. Unknown actions are still shown. */
export function describeAuditEntry(entry: AuditEntryView): AuditDescription {
  const { action, details } = entry;
  const target =
    entry.targetId === null || entry.targetId === undefined ? '' : String(entry.targetId);
  const who = text(details['email']) ?? (target || 'a user');

  switch (action) {
    case 'user.update': {
      const parts = userUpdateParts(details);
      return {
        summary: parts.length ? `Updated ${who}: ${parts.join(', ')}` : `Updated ${who}`,
        kind: 'user',
        tone: 'update',
      };
    }
    case 'user.delete':
      return { summary: `Deleted user ${who}`, kind: 'user', tone: 'delete' };
    case 'user.group.add':
      return {
        summary: `Added ${who} to ${roleName(details['group'])}`,
        kind: 'user',
        tone: 'role',
      };
    case 'user.group.remove':
      return {
        summary: `Removed ${who} from ${roleName(details['group'])}`,
        kind: 'user',
        tone: 'role',
      };
  }

  if (action === 'examples.restore') {
    const version = typeof details['version'] === 'number' ? details['version'] : null;
    const undeleted = details['undeleted'] === true ? ' (it had been deleted)' : '';
    return {
      summary: `Restored example #${target}${version === null ? '' : ` to version ${version}`}${undeleted}`,
      kind: 'catalogue',
      tone: 'update',
    };
  }
  if (action === 'examples.history') {
    return { summary: `Read the history of example #${target}`, kind: 'catalogue', tone: 'other' };
  }

  if (action === 'catalogue.import') {
    const count = (key: string) => (typeof details[key] === 'number' ? details[key] : null);
    const imported = count('imported');
    const parts = [
      imported === null ? null : `${imported} ${imported === 1 ? 'example' : 'examples'} added`,
      count('duplicates') ? `${count('duplicates')} already there` : null,
      count('failed') ? `${count('failed')} failed` : null,
    ].filter(Boolean);
    return {
      summary: parts.length ? `Imported examples: ${parts.join(', ')}` : 'Imported examples',
      kind: 'catalogue',
      tone: 'create',
    };
  }

  const [entity = '', operation = ''] = action.split('.');
  const noun = CATALOGUE_NOUNS[entity];
  const verb = VERBS[operation];
  if (noun && verb) {
    const name = text(details['name']);
    const what = name ? `${noun} "${name}"` : target ? `${noun} #${target}` : noun;
    return { summary: `${verb.verb} ${what}`, kind: 'catalogue', tone: verb.tone };
  }

  const on = [entry.targetType, target].filter(Boolean).join(' ');
  return { summary: on ? `${action} (${on})` : action, kind: 'other', tone: 'other' };
}
