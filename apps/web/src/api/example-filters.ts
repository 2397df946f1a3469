import type {
  CategoryTreeEntry,
  Difficulty,
  ExamplesFilterQuery,
  ExampleType,
  Subject,
} from '@exemplar/shared/catalogue';
import { EXAMPLES_PAGE_NUMBER_MAX, isIdText } from '@exemplar/shared/ids';
import { paths } from '../lib/paths';
import { filterQuery } from './examples';

/**
 * The filters of the examples list, and of the worksheets drawn from it. The URL is their single
 * source of truth: every filter lives in a search param, so a filtered list is shareable and
 * Back/Forward restore it.
 */
export interface ExampleFilters {
  subjectId: number | null;
  /** The deepest category chosen in the path: it includes its descendants. */
  categoryId: number | null;
  difficultyId: number | null;
  typeId: number | null;
  /** Full-text search, trimmed; '' when not searching. */
  q: string;
  /** Liked Status (signed-in users only): true Liked Only, false Not Liked, null All. */
  liked: boolean | null;
  /** Solved Status (signed-in users only): true Solved Only, false Unsolved Only, null All. */
  solved: boolean | null;
  /**
   * Solved without help (signed-in users only): true the examples whose checked answer was
   * accepted before any step or the answer was shown, false the others, null All.
   */
  withoutHelp: boolean | null;
}

export const EMPTY_FILTERS: ExampleFilters = {
  subjectId: null,
  categoryId: null,
  difficultyId: null,
  typeId: null,
  q: '',
  liked: null,
  solved: null,
  withoutHelp: null,
};

/** Search param name of each filter. */
export const FILTER_PARAMS = {
  subjectId: 'subject',
  categoryId: 'category',
  difficultyId: 'difficulty',
  typeId: 'type',
  q: 'q',
  liked: 'liked',
  solved: 'solved',
  withoutHelp: 'withoutHelp',
} as const satisfies Record<keyof ExampleFilters, string>;

/** The API refuses longer searches (ExamplesQuerySchema). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * An id from a param (1 … ID_MAX, as the API's IdParamSchema takes it; surrounding spaces
 * ignored), else null: an id the API would refuse reads as "not set".
 */
export function parseId(value: string | null | undefined): number | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return isIdText(trimmed) ? Number(trimmed) : null;
}

/** 'true' → true, 'false' → false, anything else → null (not set). */
export function parseFlag(value: string | null | undefined): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** The liked, solved and solved-without-help filters are for signed-in users only. */
export const LEARNER_FILTER_KEYS = ['liked', 'solved', 'withoutHelp'] as const;

/** The filters a visitor may use: liked, solved and without-help never apply to them. */
export function forViewer(filters: ExampleFilters, signedIn: boolean): ExampleFilters {
  if (signedIn || LEARNER_FILTER_KEYS.every((key) => filters[key] === null)) return filters;
  return { ...filters, liked: null, solved: null, withoutHelp: null };
}

/** Reads the filters from the URL. Anything that is not a valid id or flag reads as "not set". */
export function parseFilters(params: URLSearchParams): ExampleFilters {
  return {
    subjectId: parseId(params.get(FILTER_PARAMS.subjectId)),
    categoryId: parseId(params.get(FILTER_PARAMS.categoryId)),
    difficultyId: parseId(params.get(FILTER_PARAMS.difficultyId)),
    typeId: parseId(params.get(FILTER_PARAMS.typeId)),
    q: (params.get(FILTER_PARAMS.q) ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    liked: parseFlag(params.get(FILTER_PARAMS.liked)),
    solved: parseFlag(params.get(FILTER_PARAMS.solved)),
    withoutHelp: parseFlag(params.get(FILTER_PARAMS.withoutHelp)),
  };
}

/** The URL search params for a set of filters, always in the same order; unset filters omitted. */
export function filtersToSearchParams(filters: ExampleFilters): URLSearchParams {
  const params = new URLSearchParams();
  const ids = ['subjectId', 'categoryId', 'difficultyId', 'typeId'] as const;
  for (const key of ids) {
    const value = filters[key];
    if (value !== null) params.set(FILTER_PARAMS[key], String(value));
  }
  const q = filters.q.trim();
  if (q) params.set(FILTER_PARAMS.q, q);
  for (const key of LEARNER_FILTER_KEYS) {
    const value = filters[key];
    if (value !== null) params.set(FILTER_PARAMS[key], String(value));
  }
  return params;
}

/** `?subject=1&q=x`, or '' without filters. */
export function filtersToSearch(filters: ExampleFilters): string {
  const search = filtersToSearchParams(filters).toString();
  return search ? `?${search}` : '';
}

export function hasActiveFilters(filters: ExampleFilters): boolean {
  return (
    filters.subjectId !== null ||
    filters.categoryId !== null ||
    filters.difficultyId !== null ||
    filters.typeId !== null ||
    filters.q.trim() !== '' ||
    LEARNER_FILTER_KEYS.some((key) => filters[key] !== null)
  );
}

/** The list screen with these filters. */
export function examplesListPath(filters: ExampleFilters): string {
  return `/examples${filtersToSearch(filters)}`;
}

/** A printable worksheet drawn from the list with these filters (its count and seed come later). */
export function worksheetPath(filters: ExampleFilters): string {
  return `${paths.worksheet}${filtersToSearch(filters)}`;
}

/** Search param of the list's first page shown: a link into the list (`?page=3`), 1 when absent. */
export const LIST_PAGE_PARAM = 'page';

/** The page number in the URL: 1 to EXAMPLES_PAGE_NUMBER_MAX, anything else reads as 1. */
export function parseListPage(params: URLSearchParams): number {
  const value = params.get(LIST_PAGE_PARAM)?.trim() ?? '';
  if (!/^\d{1,5}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= EXAMPLES_PAGE_NUMBER_MAX ? page : 1;
}

/** Page `page` of the list with these filters (the first page has no page param). */
export function examplesListPagePath(filters: ExampleFilters, page: number): string {
  const params = filtersToSearchParams(filters);
  if (page > 1) params.set(LIST_PAGE_PARAM, String(page));
  const search = params.toString();
  return `/examples${search ? `?${search}` : ''}`;
}

/** One example's page; it carries the list's filters so previous/next stay inside them. */
export function exampleDetailPath(id: number, filters: ExampleFilters = EMPTY_FILTERS): string {
  return `/examples/${id}${filtersToSearch(filters)}`;
}

/**
 * The request for the filters: the API's own filter model (GET /examples, /examples/random and
 * /examples/{id}/position; page size and cursor are the list's). `liked`, `solved` and
 * `withoutHelp` go through
 * the one visitor guard (filterQuery): a visitor never sends them, whatever the filters say.
 */
export function toExamplesQuery(
  filters: ExampleFilters,
  { signedIn }: { signedIn: boolean },
): ExamplesFilterQuery {
  const flag = (value: boolean | null) => (value === null ? undefined : String(value));
  const id = (value: number | null) => (value === null ? undefined : String(value));
  return filterQuery(
    {
      subjectId: id(filters.subjectId),
      categoryId: id(filters.categoryId),
      difficultyId: id(filters.difficultyId),
      typeId: id(filters.typeId),
      q: filters.q,
      liked: flag(filters.liked) as ExamplesFilterQuery['liked'],
      solved: flag(filters.solved) as ExamplesFilterQuery['solved'],
      withoutHelp: flag(filters.withoutHelp) as ExamplesFilterQuery['withoutHelp'],
    },
    { signedIn },
  );
}

// ---- Changes (picking a subject clears the category; picking a category clears the
// subcategory path, which here simply means the chosen category becomes the deepest one). ----

export function selectSubject(filters: ExampleFilters, subjectId: number | null): ExampleFilters {
  if (subjectId === filters.subjectId) return filters;
  return { ...filters, subjectId, categoryId: null };
}

export function selectCategory(filters: ExampleFilters, categoryId: number | null): ExampleFilters {
  return { ...filters, categoryId };
}

export type FilterKey = keyof ExampleFilters;

/** Removing one chip. Removing the subject also removes the category chosen inside it. */
export function removeFilter(filters: ExampleFilters, key: FilterKey): ExampleFilters {
  switch (key) {
    case 'subjectId':
      return { ...filters, subjectId: null, categoryId: null };
    case 'q':
      return { ...filters, q: '' };
    case 'liked':
    case 'solved':
    case 'withoutHelp':
      return { ...filters, [key]: null };
    default:
      return { ...filters, [key]: null };
  }
}

export function clearFilters(): ExampleFilters {
  return EMPTY_FILTERS;
}

/**
 * The catalogue the filters name: the initial data of the screen, which the URL is checked
 * against (normaliseSearchParams) and the chips and titles are labelled from.
 */
export interface FilterCatalogue {
  subjects: Subject[];
  difficulties: Difficulty[];
  types: ExampleType[];
  categoryTree: CategoryTreeEntry[];
}
