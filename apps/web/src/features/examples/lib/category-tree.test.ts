import { describe, expect, it } from 'vitest';
import { categoryTree } from '../../../test/catalogue-fixtures';
import {
  breadcrumbSteps,
  categoryName,
  categoryPath,
  indexCategoryTree,
  subcategoriesOf,
  topLevelCategories,
} from '../../../lib/category-tree';

const index = indexCategoryTree(categoryTree);

describe('category tree', () => {
  it('indexes every category of every depth with its subject', () => {
    expect([...index.keys()].sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 20, 30]);
    expect(index.get(12)?.subject.name).toBe('Algebra');
    expect(index.get(30)?.subject.name).toBe('Geometry');
  });

  it('memoises the index per tree', () => {
    expect(indexCategoryTree(categoryTree)).toBe(index);
  });

  it('gives the path from the top-level category down to the chosen one', () => {
    expect(categoryPath(index, 12).map((n) => n.name)).toEqual([
      'Linear Equations',
      'Systems of Equations',
      'Elimination Method',
    ]);
    expect(categoryPath(index, 10).map((n) => n.id)).toEqual([10]);
    expect(categoryPath(index, null)).toEqual([]);
    expect(categoryPath(index, 999)).toEqual([]);
  });

  it("names a category, or 'Unknown' when it is not in the tree", () => {
    expect(categoryName(index, 13)).toBe('Two-Step Equations');
    expect(categoryName(index, 999)).toBe('Unknown');
    expect(categoryName(index, null)).toBe('Unknown');
  });

  it('lists the top-level categories of one subject or of all', () => {
    expect(topLevelCategories(categoryTree, 1).map((c) => c.node.id)).toEqual([10, 20]);
    expect(topLevelCategories(categoryTree, null).map((c) => c.node.id)).toEqual([10, 20, 30]);
    expect(topLevelCategories(categoryTree, 3)).toEqual([]);
  });

  it('builds the breadcrumb: subject, then each category; only the last is current', () => {
    expect(breadcrumbSteps(index, 12)).toEqual([
      { label: 'Algebra', categoryId: null, current: false },
      { label: 'Linear Equations', categoryId: 10, current: false },
      { label: 'Systems of Equations', categoryId: 11, current: false },
      { label: 'Elimination Method', categoryId: 12, current: true },
    ]);
    expect(breadcrumbSteps(index, 30)).toEqual([
      { label: 'Geometry', categoryId: null, current: false },
      { label: 'Triangles', categoryId: 30, current: true },
    ]);
    expect(breadcrumbSteps(index, null)).toEqual([]);
    expect(breadcrumbSteps(index, 999)).toEqual([]);
  });

  it('offers the children of the chosen category to drill into', () => {
    expect(subcategoriesOf(index, 10).map((n) => n.name)).toEqual([
      'Systems of Equations',
      'Two-Step Equations',
    ]);
    expect(subcategoriesOf(index, 12)).toEqual([]);
    expect(subcategoriesOf(index, null)).toEqual([]);
  });
});
