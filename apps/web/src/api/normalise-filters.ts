import { indexCategoryTree } from '../lib/category-tree';
import {
  FILTER_PARAMS,
  LEARNER_FILTER_KEYS,
  SEARCH_MAX_LENGTH,
  forViewer,
  parseFilters,
  parseFlag,
  parseId,
  type ExampleFilters,
  type FilterCatalogue,
} from './example-filters';

// The URL's filter params checked against the catalogue, before they are read as filters.

interface Named {
  id: number;
  name: string;
}

/** A param holding an id or a name → the matching id (names match case-insensitively), or null. */
export function resolveIdOrName(value: string, items: readonly Named[]): number | null {
  const id = parseId(value);
  if (id !== null) return items.some((item) => item.id === id) ? id : null;
  const name = value.trim().toLowerCase();
  if (!name) return null;
  return items.find((item) => item.name.trim().toLowerCase() === name)?.id ?? null;
}

/**
 * Makes the URL's filters valid for the catalogue: a subject, difficulty or type given by NAME
 * (e.g. `/examples?subject=Algebra` from the home page) becomes its id; unknown ids and names are
 * dropped, as is a category that does not exist or lies outside the chosen subject, an empty
 * search, and a liked, solved or withoutHelp value other than true/false (any, for a visitor).
 * Returns the corrected params, or null when the URL is fine as it is.
 */
export function normaliseSearchParams(
  params: URLSearchParams,
  catalogue: FilterCatalogue,
  { signedIn = false }: { signedIn?: boolean } = {},
): URLSearchParams | null {
  const next = new URLSearchParams(params);
  const named: Array<[string, readonly Named[]]> = [
    [FILTER_PARAMS.subjectId, catalogue.subjects],
    [FILTER_PARAMS.difficultyId, catalogue.difficulties],
    [FILTER_PARAMS.typeId, catalogue.types],
  ];
  for (const [param, items] of named) {
    const value = next.get(param);
    if (value === null) continue;
    const id = resolveIdOrName(value, items);
    if (id === null) next.delete(param);
    else next.set(param, String(id));
  }

  const category = next.get(FILTER_PARAMS.categoryId);
  if (category !== null) {
    const id = parseId(category);
    const entry = id === null ? undefined : indexCategoryTree(catalogue.categoryTree).get(id);
    const subjectId = parseId(next.get(FILTER_PARAMS.subjectId));
    if (!entry || (subjectId !== null && entry.subject.id !== subjectId)) {
      next.delete(FILTER_PARAMS.categoryId);
    } else {
      next.set(FILTER_PARAMS.categoryId, String(id));
    }
  }

  const q = next.get(FILTER_PARAMS.q);
  if (q !== null) {
    const trimmed = q.trim().slice(0, SEARCH_MAX_LENGTH);
    if (trimmed) next.set(FILTER_PARAMS.q, trimmed);
    else next.delete(FILTER_PARAMS.q);
  }

  // Liked / solved / withoutHelp: 'true' or 'false', and only for a signed-in user (a visitor's URL drops them).
  for (const key of LEARNER_FILTER_KEYS) {
    const param = FILTER_PARAMS[key];
    const value = next.get(param);
    if (value === null) continue;
    if (!signedIn || parseFlag(value) === null) next.delete(param);
  }

  // Repeated keys: keep the first value only.
  for (const param of Object.values(FILTER_PARAMS)) {
    const all = next.getAll(param);
    if (all.length > 1) next.set(param, all[0]!);
  }

  return next.toString() === params.toString() ? null : next;
}

/**
 * The filters the URL's `params` stand for, as `signedIn` may use them: read from `corrected`
 * (normaliseSearchParams's answer once the catalogue is known) when there is one. The examples
 * screens read their filters this way, and so does the server's prefetch of their data
 * (app/page-data.ts), so both key their queries alike.
 */
export function filtersOfParams(
  params: URLSearchParams,
  corrected: URLSearchParams | null,
  signedIn: boolean,
): ExampleFilters {
  return forViewer(parseFilters(corrected ?? params), signedIn);
}
