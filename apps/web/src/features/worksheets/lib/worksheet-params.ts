import {
  WORKSHEET_COUNT_DEFAULT,
  WORKSHEET_COUNT_MAX,
  WORKSHEET_COUNT_MIN,
  WORKSHEET_SEED_PATTERN,
} from '@exemplar/shared/worksheets';
import { filtersToSearchParams, type ExampleFilters } from '../../../api/example-filters';

/**
 * A worksheet's settings live in its URL beside the list's filters, so the same link prints the
 * same sheet: how many questions (`count`), the seed of their order (`seed`, written once when
 * absent), a title (`title`, else one made from the filters), `procedures=1` to put the
 * procedures in the answer key, and `source=reviews` for today's reviews instead of the filters.
 */
export const WORKSHEET_PARAMS = {
  count: 'count',
  seed: 'seed',
  title: 'title',
  procedures: 'procedures',
  source: 'source',
} as const;

export const TITLE_MAX_LENGTH = 120;

/** Where the questions come from: the list's filters, or the caller's reviews due today. */
export type WorksheetSource = 'filters' | 'reviews';

export interface WorksheetSettings {
  count: number;
  /** null until written into the URL (useWorksheetParams does so at once). */
  seed: string | null;
  /** The title typed in; null: the default made from the filters. */
  title: string | null;
  procedures: boolean;
  source: WorksheetSource;
}

/** A count from the URL: a whole number from 1 to 50, else null. */
export function parseCount(value: string | null): number | null {
  if (value === null || !/^\d{1,2}$/.test(value.trim())) return null;
  const count = Number(value.trim());
  return count >= WORKSHEET_COUNT_MIN && count <= WORKSHEET_COUNT_MAX ? count : null;
}

export const isSeed = (value: string | null): value is string =>
  value !== null && WORKSHEET_SEED_PATTERN.test(value);

export const isReviewsSource = (params: URLSearchParams) =>
  params.get(WORKSHEET_PARAMS.source) === 'reviews';

/** The settings in the URL; anything invalid reads as its default (a missing seed as null). */
export function parseWorksheetSettings(params: URLSearchParams): WorksheetSettings {
  const seed = params.get(WORKSHEET_PARAMS.seed);
  const title = (params.get(WORKSHEET_PARAMS.title) ?? '').trim().slice(0, TITLE_MAX_LENGTH);
  return {
    count: parseCount(params.get(WORKSHEET_PARAMS.count)) ?? WORKSHEET_COUNT_DEFAULT,
    seed: isSeed(seed) ? seed : null,
    title: title || null,
    procedures: params.get(WORKSHEET_PARAMS.procedures) === '1',
    source: isReviewsSource(params) ? 'reviews' : 'filters',
  };
}

/**
 * The URL search params of a worksheet: the filters as the list writes them (none for today's
 * reviews, which ignore them), then the settings that differ from their defaults, seed always.
 */
export function worksheetSearchParams(
  filters: ExampleFilters,
  settings: WorksheetSettings,
): URLSearchParams {
  const params =
    settings.source === 'reviews' ? new URLSearchParams() : filtersToSearchParams(filters);
  if (settings.source === 'reviews') params.set(WORKSHEET_PARAMS.source, 'reviews');
  if (settings.count !== WORKSHEET_COUNT_DEFAULT) {
    params.set(WORKSHEET_PARAMS.count, String(settings.count));
  }
  if (settings.seed) params.set(WORKSHEET_PARAMS.seed, settings.seed);
  const title = settings.title?.trim().slice(0, TITLE_MAX_LENGTH);
  if (title) params.set(WORKSHEET_PARAMS.title, title);
  if (settings.procedures) params.set(WORKSHEET_PARAMS.procedures, '1');
  return params;
}

const SEED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SEED_LENGTH = 10;

/** A fresh seed: 10 letters and digits from the browser's random source (about 60 bits). */
export function newSeed(): string {
  let seed = '';
  while (seed.length < SEED_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SEED_LENGTH))) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (byte < 248 && seed.length < SEED_LENGTH) seed += SEED_ALPHABET[byte % 62];
    }
  }
  return seed;
}

/**
 * `params` with what the worksheet's URL lacks or has wrong put right: `seed` when it is missing
 * or malformed (the caller's one seed, so every render writes the same), a count outside 1 to 50
 * dropped. null when the URL is fine as it is.
 */
export function correctWorksheetParams(
  params: URLSearchParams,
  seed: string,
): URLSearchParams | null {
  const next = new URLSearchParams(params);
  if (!isSeed(next.get(WORKSHEET_PARAMS.seed))) next.set(WORKSHEET_PARAMS.seed, seed);
  const count = next.get(WORKSHEET_PARAMS.count);
  if (count !== null && parseCount(count) === null) next.delete(WORKSHEET_PARAMS.count);
  return next.toString() === params.toString() ? null : next;
}
