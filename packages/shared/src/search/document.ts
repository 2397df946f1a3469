import { searchTokens } from './words';

/**
 * An example's search document: four fields of stemmed tokens (space-separated), weighted from
 * the first to the last. Both engines index these fields as they are: SQLite's FTS5 table over
 * them, PostgreSQL a tsvector of them ('simple' configuration, A to D).
 */
export interface SearchDocument {
  /** The question: the example's title, weighed most. */
  question: string;
  /** The names of its category, the category's ancestors and its subject. */
  names: string;
  /** The answer. */
  answer: string;
  /** The procedure and the descriptions of its category, ancestors and subject. */
  rest: string;
}

/** Where an example stands in the catalogue: each level's name and description. */
export interface SearchPlace {
  names: string[];
  descriptions: string[];
}

export interface SearchSource {
  question: string;
  answer: string;
  procedure: string | null;
}

const tokens = (...texts: (string | null | undefined)[]) =>
  texts
    .filter((t): t is string => !!t)
    .map((t) => searchTokens(t).join(' '))
    .filter(Boolean)
    .join(' ');

export function searchDocument(example: SearchSource, place: SearchPlace): SearchDocument {
  return {
    question: tokens(example.question),
    names: tokens(...place.names),
    answer: tokens(example.answer),
    rest: tokens(example.procedure, ...place.descriptions),
  };
}
