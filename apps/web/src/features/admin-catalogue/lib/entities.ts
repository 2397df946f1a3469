import type { CatalogueEntity } from '@exemplar/shared/catalogue-writes';

/** What the admin screen calls each catalogue entity (/admin). */
export interface EntityWords {
  /** The API path segment and the tab (plural, lower case): 'subjects'. */
  plural: CatalogueEntity;
  /** One of them, lower case: 'subject' ('Are you sure you want to delete this subject?'). */
  item: string;
  /** Tab and heading label: 'Subjects'. */
  label: string;
}

export const ENTITY_WORDS: Readonly<Record<CatalogueEntity, EntityWords>> = {
  subjects: { plural: 'subjects', item: 'subject', label: 'Subjects' },
  categories: { plural: 'categories', item: 'category', label: 'Categories' },
  difficulties: { plural: 'difficulties', item: 'difficulty', label: 'Difficulties' },
  types: { plural: 'types', item: 'type', label: 'Types' },
  examples: { plural: 'examples', item: 'example', label: 'Examples' },
};

/** 'Are you sure you want to delete this {item}?' */
export const deleteQuestion = (entity: CatalogueEntity) =>
  `Are you sure you want to delete this ${ENTITY_WORDS[entity].item}?`;

/** 'No {tab} found.' */
export const emptyText = (entity: CatalogueEntity) => `No ${entity} found.`;

/** Fallback messages of the admin screen when the server gives none. */
export const loadFailed = (message: string) => `Failed to load data: ${message}`;
export const operationFailed = (message: string) => `Operation failed: ${message}`;
export const deleteFailed = (message: string) => `Delete failed: ${message}`;

/** '1 example', '3 examples'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
