import type { CategoryTreeEntry, CategoryTreeNode, Subject } from '@exemplar/shared/catalogue';

/** Where a category sits: its subject and the path of categories from the top down to it. */
export interface CategoryLocation {
  node: CategoryTreeNode;
  subject: Subject;
  /** Top-level category first, the category itself last. */
  path: CategoryTreeNode[];
}

export type CategoryIndex = ReadonlyMap<number, CategoryLocation>;

const indexCache = new WeakMap<readonly CategoryTreeEntry[], CategoryIndex>();

/** Every category of the tree by id (memoised per tree). */
export function indexCategoryTree(tree: readonly CategoryTreeEntry[]): CategoryIndex {
  const cached = indexCache.get(tree);
  if (cached) return cached;
  const index = new Map<number, CategoryLocation>();
  const visit = (node: CategoryTreeNode, subject: Subject, parents: CategoryTreeNode[]) => {
    const path = [...parents, node];
    if (!index.has(node.id)) index.set(node.id, { node, subject, path });
    for (const child of node.children) visit(child, subject, path);
  };
  for (const entry of tree) {
    for (const node of entry.categories) visit(node, entry.subject, []);
  }
  indexCache.set(tree, index);
  return index;
}

/** Path from the top-level category down to `categoryId`; [] when unknown or null. */
export function categoryPath(index: CategoryIndex, categoryId: number | null): CategoryTreeNode[] {
  if (categoryId === null) return [];
  return index.get(categoryId)?.path ?? [];
}

/** A category's name, or 'Unknown' when it is not in the tree. */
export function categoryName(index: CategoryIndex, categoryId: number | null): string {
  return (categoryId !== null && index.get(categoryId)?.node.name) || 'Unknown';
}

export interface TopLevelCategory {
  node: CategoryTreeNode;
  subject: Subject;
}

/** The top-level categories listed in the panel: of one subject, or of every subject. */
export function topLevelCategories(
  tree: readonly CategoryTreeEntry[],
  subjectId: number | null,
): TopLevelCategory[] {
  return tree
    .filter((entry) => subjectId === null || entry.subject.id === subjectId)
    .flatMap((entry) => entry.categories.map((node) => ({ node, subject: entry.subject })));
}

/** One step of the 'You are here' breadcrumb. `categoryId: null` is the subject (all its categories). */
export interface BreadcrumbStep {
  label: string;
  categoryId: number | null;
  /** The last step: the category being shown, not a link. */
  current: boolean;
}

/** Subject, then each category of the path; every step but the last leads back up. */
export function breadcrumbSteps(index: CategoryIndex, categoryId: number | null): BreadcrumbStep[] {
  if (categoryId === null) return [];
  const location = index.get(categoryId);
  if (!location) return [];
  const last = location.path.length - 1;
  return [
    { label: location.subject.name, categoryId: null, current: false },
    ...location.path.map((node, i) => ({
      label: node.name,
      categoryId: node.id,
      current: i === last,
    })),
  ];
}

/** The subcategories to drill into from the chosen category. */
export function subcategoriesOf(
  index: CategoryIndex,
  categoryId: number | null,
): CategoryTreeNode[] {
  if (categoryId === null) return [];
  return index.get(categoryId)?.node.children ?? [];
}
