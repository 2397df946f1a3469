import { badRequest } from './errors';

/** A page cursor as the API gives it out: the JSON of where the next page starts, base64url. */
export function encodeCursor(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * The position a cursor holds, as `read` takes it (undefined: not one of its shapes); a 400 for
 * anything that is not a cursor this API gave out.
 */
export function decodeCursor<T>(
  raw: string,
  read: (value: Record<string, unknown>) => T | undefined,
): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const position =
    value && typeof value === 'object' && !Array.isArray(value)
      ? read(value as Record<string, unknown>)
      : undefined;
  if (position === undefined) {
    throw badRequest('Invalid query: cursor is not a cursor this API gave out.');
  }
  return position;
}
