import type { AdminUserView } from '../api/admin-user';

export const SORT_FIELDS = ['created', 'email', 'name', 'status'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const SORT_LABELS: Readonly<Record<SortField, string>> = {
  created: 'Created',
  email: 'Email',
  name: 'Name',
  status: 'Status',
};

/** The direction a field is first sorted in: newest first for dates, A–Z for text. */
export function defaultDirection(field: SortField): SortDirection {
  return field === 'created' ? 'desc' : 'asc';
}

/** Users whose email, name or username contains `query` (any case); all when it is blank. */
export function filterUsers(users: readonly AdminUserView[], query: string): AdminUserView[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...users];
  return users.filter((user) =>
    [user.email, user.name, user.username].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    ),
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function timeOf(value: string | null | undefined): number {
  const time = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

function compare(a: AdminUserView, b: AdminUserView, field: SortField): number {
  switch (field) {
    case 'created':
      return timeOf(a.created) - timeOf(b.created);
    case 'email':
      return collator.compare(a.email, b.email);
    case 'status':
      return collator.compare(a.status, b.status);
    case 'name': {
      // Users without a name go last whichever way the list is sorted.
      const aName = a.name.trim();
      const bName = b.name.trim();
      if (!aName || !bName) return 0;
      return collator.compare(aName, bName);
    }
  }
}

/** A sorted copy; ties keep a stable order by email. Users without a name sort last. */
export function sortUsers(
  users: readonly AdminUserView[],
  field: SortField,
  direction: SortDirection,
): AdminUserView[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...users].sort((a, b) => {
    if (field === 'name') {
      const aMissing = !a.name.trim();
      const bMissing = !b.name.trim();
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
    }
    return sign * compare(a, b, field) || collator.compare(a.email, b.email);
  });
}
