import type { Category } from '@exemplar/shared/catalogue';
import { describe, expect, it } from 'vitest';
import { categoryOptions, arrangeCategories } from './category-tree';

const category = (
  id: number,
  name: string,
  parentId: number | null,
  subjectId = 1,
  position = 0,
): Category => ({ id, name, description: '', subjectId, parentId, position });

const categories = [
  category(20, 'Quadratics', null, 1, 1),
  category(10, 'Linear', null, 1, 0),
  category(12, 'Elimination', 11),
  category(11, 'Systems', 10),
  category(13, 'Two-Step', 10, 1, 1),
  category(30, 'Triangles', null, 2),
];

describe('arrangeCategories', () => {
  const index = arrangeCategories(categories);

  it('lists a subject depth first in position order', () => {
    expect(index.inTreeOrder(1).map((c) => c.id)).toEqual([10, 11, 12, 13, 20]);
    expect(index.inTreeOrder(2).map((c) => c.id)).toEqual([30]);
  });

  it('knows paths, depths and subtrees', () => {
    expect(index.pathLabel(12)).toBe('Linear › Systems › Elimination');
    expect(index.pathLabel(999)).toBe('Unknown');
    expect(index.depth(10)).toBe(0);
    expect(index.depth(12)).toBe(2);
    expect([...index.subtree(10)].sort()).toEqual([10, 11, 12, 13]);
  });

  it('offers the parents of the chosen subject without the category and its descendants', () => {
    const options = categoryOptions(index, 1, { exclude: 11 });
    expect(options.map((o) => o.value)).toEqual(['10', '13', '20']);
    expect(options[1]).toEqual({
      value: '13',
      label: 'Linear › Two-Step',
      name: 'Two-Step',
      depth: 1,
    });
    expect(categoryOptions(index, 2).map((o) => o.label)).toEqual(['Triangles']);
    expect(categoryOptions(index, null)).toEqual([]);
  });

  it('survives a cycle or a missing parent', () => {
    const broken = arrangeCategories([
      category(1, 'A', 2),
      category(2, 'B', 1),
      category(3, 'C', 99),
    ]);
    expect(broken.pathLabel(1)).toBe('B › A');
    expect(broken.inTreeOrder(1).map((c) => c.id)).toEqual([3]);
  });
});
