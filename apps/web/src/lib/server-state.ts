import type { DehydratedState, Query } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * The data a server-rendered page was rendered from, written into the page as JSON
 * (`<script type="application/json" id="exemplar-state">`) and hydrated into the browser's query
 * cache, so the page is taken over without asking the API again.
 */
export interface ServerState {
  queries: DehydratedState;
  /** The origin the page's absolute URLs were written with (lib/site.ts). */
  origin: string;
  /** Present (true) when the page was drawn with try first on: answer and procedure folded. */
  tryFirst?: true;
}

export const SERVER_STATE_ID = 'exemplar-state';

/**
 * Which of the server's queries go into the page: answers, and "not found" (a missing example is
 * a fact of the catalogue, drawn as such on the server). Any other failure is left for the browser
 * to ask again.
 */
export function shouldSendQuery(query: Query): boolean {
  const { status, error } = query.state;
  return status === 'success' || (error instanceof ApiError && error.status === 404);
}

interface SentError {
  apiError: { status: number; message: string; code?: string };
}

/**
 * The state as written into the page: errors as JSON (an Error's message is not an enumerable
 * property), and no reading of the server's clock (when each query was fetched and dehydrated),
 * which the browser replaces with its own anyway (`readServerState`). So the same data gives the
 * same bytes whenever the page is rendered again, and the page's ETag, a hash of its bytes,
 * changes only when what it shows changes (docs/decisions/040-public-validators.md).
 */
export function toServerState(
  queries: DehydratedState,
  origin: string,
  tryFirst = false,
): ServerState {
  return {
    origin,
    ...(tryFirst ? { tryFirst: true as const } : {}),
    queries: {
      ...queries,
      queries: queries.queries.map((query) => {
        const { error } = query.state;
        const state = { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 };
        if (error instanceof ApiError) {
          const sent: SentError = {
            apiError: { status: error.status, message: error.message, code: error.code },
          };
          state.error = sent as unknown as Error;
        }
        return { ...query, dehydratedAt: 0, state };
      }),
    },
  };
}

/** The state written into the page, errors back as ApiErrors; null when there is none. */
export function readServerState(document: Document): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as ServerState;
    // The page was just served (or revalidated: it is kept per catalogue version), so its data is
    // current whatever the server's clock said when it was rendered: fresh from now, not
    // re-requested because this browser's clock reads it as old.
    const now = Date.now();
    for (const query of state.queries.queries) {
      query.dehydratedAt = now;
      if (query.state.status === 'success') query.state.dataUpdatedAt = now;
      else query.state.errorUpdatedAt = now;
      const sent = query.state.error as unknown as SentError | null;
      if (sent?.apiError) {
        const { status, message, code } = sent.apiError;
        query.state.error = new ApiError(status, message, code);
      }
    }
    return state;
  } catch {
    return null;
  }
}
