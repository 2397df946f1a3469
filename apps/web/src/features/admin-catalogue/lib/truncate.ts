/** Example text in the admin list is cut to this many characters. */
export const LIST_TEXT_LIMIT = 50;

/**
 * The first `limit` characters of `text` (whole code points, so no emoji is cut in half), with an
 * ellipsis when something was cut. Line breaks become spaces: a list cell is one line.
 */
export function truncateText(text: string, limit = LIST_TEXT_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= limit ? flat : `${chars.slice(0, limit).join('')}…`;
}
