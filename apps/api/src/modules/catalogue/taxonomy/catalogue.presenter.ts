import type {
  Category,
  CategoryTreeEntry,
  CategoryTreeNode,
  Subject,
} from '@exemplar/shared/catalogue';
import type { CategoryRow } from './catalogue.repository';

export const toCategory = (r: CategoryRow): Category => ({
  id: r.id,
  name: r.name,
  description: r.description,
  subjectId: r.subject_id,
  parentId: r.parent_id,
  position: r.position,
});

/** Nests flat category rows (already in display order) under their subjects. */
export function buildCategoryTree(subjects: Subject[], rows: CategoryRow[]): CategoryTreeEntry[] {
  const nodes = new Map<number, CategoryTreeNode>();
  for (const r of rows)
    nodes.set(r.id, { id: r.id, name: r.name, description: r.description, children: [] });
  const roots = new Map<number, CategoryTreeNode[]>(subjects.map((s) => [s.id, []]));
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    if (parent) parent.children.push(node);
    else roots.get(r.subject_id)?.push(node);
  }
  return subjects.map((subject) => ({ subject, categories: roots.get(subject.id) ?? [] }));
}
