/**
 * A JSON value as the text of a `<script>` element (a JSON data block: the page's data, JSON-LD):
 * nothing in it can end the element or start a comment, and the two line separators JavaScript
 * once refused are escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
