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
    v.categoryId === null ? undefined : lookups.index.pathLabel(v.categoryId) || undefined;
  const known = (v: ExampleVersion) => ({
    difficulty: v.difficultyId !== null && difficulty(v) !== undefined,
    type: v.typeId !== null && type(v) !== undefined,
    category: v.categoryId !== null && lookups.index.byId.has(v.categoryId),
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
