import type { Category } from '@exemplar/shared/catalogue';

/** Categories of GET /categories (flat, with parentId) arranged as the tree they describe. */
export interface CategoryTree {
  byId: ReadonlyMap<number, Category>;
  /** Children of a category (or, for `null`, the main categories) per subject, in tree order. */
  children(subjectId: number, parentId: number | null): Category[];
  /** The category's ancestors from the top down, then the category itself. */
  path(id: number): Category[];
  /** 'Linear Equations › Systems of Equations'; 'Unknown' for an id not in the list. */
  pathLabel(id: number | null | undefined): string;
  /** Depth below the subject: 0 for a main category. */
  depth(id: number): number;
  /** The category and every category under it. */
  subtree(id: number): Set<number>;
  /** Every category of a subject, depth first in tree order (each followed by its children). */
  inTreeOrder(subjectId: number): Category[];
}

export const PATH_SEPARATOR = ' › ';

const byPosition = (a: Category, b: Category) =>
  a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id;

/**
 * The admin screen's flat list as a tree. (The browse screens index the nested tree of
 * GET /categories/tree instead: src/lib/category-tree.ts, its CategoryIndex.)
 */
export function arrangeCategories(categories: readonly Category[]): CategoryTree {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const childMap = new Map<string, Category[]>();
  const slot = (subjectId: number, parentId: number | null) => `${subjectId}:${parentId ?? ''}`;
  for (const category of categories) {
    // A parent that is missing or in another subject: show the category at the top instead of losing it.
    const parent = category.parentId === null ? undefined : byId.get(category.parentId);
    const parentId = parent && parent.subjectId === category.subjectId ? parent.id : null;
    const key = slot(category.subjectId, parentId);
    const list = childMap.get(key);
    if (list) list.push(category);
    else childMap.set(key, [category]);
  }
  for (const list of childMap.values()) list.sort(byPosition);

  const children = (subjectId: number, parentId: number | null) =>
    childMap.get(slot(subjectId, parentId)) ?? [];

  const path = (id: number): Category[] => {
    const result: Category[] = [];
    const seen = new Set<number>();
    let current = byId.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      result.unshift(current);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    return result;
  };

  const subtree = (id: number): Set<number> => {
    const result = new Set<number>();
    const root = byId.get(id);
    if (!root) return result;
    const stack = [root];
    while (stack.length) {
      const next = stack.pop()!;
      if (result.has(next.id)) continue;
      result.add(next.id);
      stack.push(...children(next.subjectId, next.id));
    }
    return result;
  };

  const inTreeOrder = (subjectId: number): Category[] => {
    const result: Category[] = [];
    const seen = new Set<number>();
    const visit = (parentId: number | null) => {
      for (const child of children(subjectId, parentId)) {
        if (seen.has(child.id)) continue;
        seen.add(child.id);
        result.push(child);
        visit(child.id);
      }
    };
    visit(null);
    return result;
  };

  return {
    byId,
    children,
    path,
    pathLabel: (id) => {
      if (id === null || id === undefined || !byId.has(id)) return 'Unknown';
      return path(id)
        .map((category) => category.name)
        .join(PATH_SEPARATOR);
    },
    depth: (id) => Math.max(0, path(id).length - 1),
    subtree,
    inTreeOrder,
  };
}

/** An option of a category chooser: the path as label (what the input shows), the depth for indenting. */
export interface CategoryOption {
  value: string;
  label: string;
  name: string;
  depth: number;
}

/**
 * The categories of `subjectId` in tree order, as options for a Select. `exclude` drops a category
 * and everything under it (a category cannot be moved under itself or its own subcategories).
 */
export function categoryOptions(
  tree: CategoryTree,
  subjectId: number | null,
  { exclude }: { exclude?: number } = {},
): CategoryOption[] {
  if (subjectId === null) return [];
  const excluded = exclude === undefined ? new Set<number>() : tree.subtree(exclude);
  return tree
    .inTreeOrder(subjectId)
    .filter((category) => !excluded.has(category.id))
    .map((category) => ({
      value: String(category.id),
      label: tree.pathLabel(category.id),
      name: category.name,
      depth: tree.depth(category.id),
    }));
}
