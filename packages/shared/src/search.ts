// Entry point `@exemplar/shared/search`: how example search reads text (words, stems, synonyms,
// typos; formulas by their structure), the same for the documents the API stores and the queries
// learners type.
export * from './search/document';
export * from './search/formula';
export * from './search/query';
export * from './search/stem';
export * from './search/synonyms';
export * from './search/words';
