// Entry point `@exemplar/shared/search`: how example search reads text (words, stems, synonyms,
// typos), the same for the documents the API stores and the queries learners type.
export * from './search/document';
export * from './search/query';
export * from './search/stem';
export * from './search/synonyms';
export * from './search/words';
