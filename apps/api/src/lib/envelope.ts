/**
 * The success side of the API's one envelope, `{ success: true, message?, data }`. Errors take the
 * other side, `{ success: false, code, message }`, through `AppError` and the error handler: a route
 * never writes either shape by hand.
 */
export interface Success<T> {
  success: true;
  message?: string;
  data: T;
}

/** `{ success: true, data }`, with `message` when the client is meant to show one. */
export function ok<T>(data: T, message?: string): Success<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/** `{ success: true, message, data: null }`: an action with nothing to return but its outcome. */
export function done(message: string): Success<null> {
  return { success: true, message, data: null };
}
