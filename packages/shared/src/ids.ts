/**
 * The range of ids, without zod (the web app checks URL ids with it on pages that must not load
 * zod: docs/decisions/006-bundle-budget.md). ./fields.ts builds the id schemas on it.
 */

/**
 * The largest id: every id column is a 32-bit signed integer on PostgreSQL (serial / integer), so
 * an id beyond it can name nothing on either engine. Every id the API reads (path, query, body,
 * cursor) is checked against it and refused with a 400 before any query runs.
 */
export const ID_MAX = 2_147_483_647;

/** True for the text of an id as a path or query gives it: "1" … "2147483647", no leading zero. */
export function isIdText(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= ID_MAX;
}

/**
 * The last page number a link into a list may name (`GET /examples?page=`, `/examples?page=`): at
 * 100 a page, a million examples in. Checked by the API's schema and read by the web app's URL.
 */
export const EXAMPLES_PAGE_NUMBER_MAX = 10_000;
