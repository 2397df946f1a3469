import type {
  CategoryTreeEntry,
  Difficulty,
  Example,
  ExampleType,
  Subject,
} from '@exemplar/shared/catalogue';
import type { FilterCatalogue } from '../api/example-filters';
import type { Routes } from './fake-api';

// The catalogue and examples of the web unit tests, here for every feature that needs them: a
// feature never imports another feature's fixtures.

/**
 * A small catalogue: three subjects (Topology without categories), a three-level category tree in
 * Algebra, four difficulties, two types.
 */
export const subjects: Subject[] = [
  { id: 1, name: 'Algebra', description: 'Symbols and equations.' },
  { id: 2, name: 'Geometry', description: 'Shapes and space.' },
  { id: 3, name: 'Topology', description: 'No categories yet.' },
];

export const difficulties: Difficulty[] = [
  { id: 1, name: 'easy', description: '', rank: 0 },
  { id: 2, name: 'intermediate', description: '', rank: 1 },
  { id: 3, name: 'hard', description: '', rank: 2 },
  { id: 4, name: 'insane', description: '', rank: 3 },
];

export const types: ExampleType[] = [
  { id: 1, name: 'Worked Example', description: '' },
  { id: 2, name: 'Proof', description: '' },
];

export const categoryTree: CategoryTreeEntry[] = [
  {
    subject: subjects[0]!,
    categories: [
      {
        id: 10,
        name: 'Linear Equations',
        description: 'First-degree equations.',
        children: [
          {
            id: 11,
            name: 'Systems of Equations',
            description: 'Several equations at once.',
            children: [
              { id: 12, name: 'Elimination Method', description: 'Add equations.', children: [] },
            ],
          },
          { id: 13, name: 'Two-Step Equations', description: 'Undo two steps.', children: [] },
        ],
      },
      { id: 20, name: 'Quadratics', description: 'Second-degree equations.', children: [] },
    ],
  },
  {
    subject: subjects[1]!,
    categories: [{ id: 30, name: 'Triangles', description: 'Three sides.', children: [] }],
  },
  { subject: subjects[2]!, categories: [] },
];

let nextId = 1;
export function makeExample(overrides: Partial<Example> = {}): Example {
  const id = overrides.id ?? nextId++;
  return {
    id,
    question: `Solve $x + ${id} = ${id + 1}$.`,
    answer: '$x = 1$',
    procedure: null,
    difficultyId: 1,
    typeId: 1,
    categoryId: 10,
    subjectId: 1,
    createdAt: '2026-10-06T07:44:22.292Z',
    updatedAt: '2026-10-06T07:44:22.292Z',
    answerSpec: { kind: 'equation', form: 'any', unit: null, tolerance: null, choice: null },
    ...overrides,
  };
}

/** The catalogue endpoints answered from the fixtures above (routes for fake-api.ts). */
export const catalogueRoutes: Routes = {
  'GET /subjects': { subjects },
  'GET /difficulties': { difficulties },
  'GET /types': { types },
  'GET /categories/tree': { categoriesTree: categoryTree },
};

/** The catalogue above as a screen holds it (FilterCatalogue). */
export const catalogue: FilterCatalogue = { subjects, difficulties, types, categoryTree };
