import type { ExampleVersion } from '@exemplar/shared/versions';
import type { Lookups } from '../components/use-lookups';

/** The names of a version's references, as the comparison shows them. */
export interface SettingNames {
  difficulty: (v: ExampleVersion) => string;
  type: (v: ExampleVersion) => string;
  category: (v: ExampleVersion) => string;
}

export const ACTION_LABELS: Record<ExampleVersion['action'], string> = {
  create: 'Created',
  edit: 'Edited',
  restore: 'Restored',
  import: 'Imported',
};
export const ACTION_COLORS: Record<ExampleVersion['action'], string> = {
  create: 'teal',
  edit: 'blue',
  restore: 'violet',
  import: 'gray',
};

type Status = ExampleVersion['status'];

/** What a change of status is called in the history, by the status it moved the example to. */
export const STATUS_CHANGE_LABELS: Record<Status, string> = {
  published: 'Published',
  draft: 'Moved to draft',
};
const STATUS_CHANGE_COLORS: Record<Status, string> = { published: 'green', draft: 'orange' };

/** The status as the restore dialog names it. */
export const STATUS_NAMES: Record<Status, string> = { published: 'Published', draft: 'Draft' };

/** The two versions have the same texts and references: one differs from the other in status only. */
const sameContent = (a: ExampleVersion, b: ExampleVersion) =>
  a.question === b.question &&
  a.answer === b.answer &&
  a.procedure === b.procedure &&
  a.difficultyId === b.difficultyId &&
  a.typeId === b.typeId &&
  a.categoryId === b.categoryId;

/**
 * How version `v` came to be, as badges: its action ("Edited"), and when it moved the example to
 * another status, that too ("Published", "Moved to draft"). An edit that changed the status and
 * nothing else is labelled by the status alone. `before`: the version before it.
 */
export function versionEvents(
  v: ExampleVersion,
  before: ExampleVersion | undefined,
): { label: string; color: string }[] {
  const action = { label: ACTION_LABELS[v.action], color: ACTION_COLORS[v.action] };
  if (!v.statusChangedTo) return [action];
  const status = {
    label: STATUS_CHANGE_LABELS[v.statusChangedTo],
    color: STATUS_CHANGE_COLORS[v.statusChangedTo],
  };
  return v.action === 'edit' && before && sameContent(v, before) ? [status] : [action, status];
}

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : whenFormat.format(date);
}
export const who = (v: ExampleVersion) =>
  v.editedBy ? v.editedBy.name || v.editedBy.email : 'Not recorded';

/** Names of a version's references, "(deleted)" for one that no longer exists. */
export function settingNames(
  lookups: Lookups,
): SettingNames & { missing: (v: ExampleVersion) => string[] } {
  const difficulty = (v: ExampleVersion) =>
    lookups.difficulties.find((d) => d.id === v.difficultyId)?.name;
  const type = (v: ExampleVersion) => lookups.types.find((t) => t.id === v.typeId)?.name;
  const category = (v: ExampleVersion) =>
    v.categoryId === null ? undefined : lookups.tree.pathLabel(v.categoryId) || undefined;
  const known = (v: ExampleVersion) => ({
    difficulty: v.difficultyId !== null && difficulty(v) !== undefined,
    type: v.typeId !== null && type(v) !== undefined,
    category: v.categoryId !== null && lookups.tree.byId.has(v.categoryId),
  });
  return {
    difficulty: (v) => (known(v).difficulty ? difficulty(v)! : '(deleted difficulty)'),
    type: (v) => (known(v).type ? type(v)! : '(deleted type)'),
    category: (v) => (known(v).category ? category(v)! : '(deleted category)'),
    missing: (v) =>
      Object.entries(known(v))
        .filter(([, ok]) => !ok)
        .map(([name]) => name),
  };
}
