// Example search's upkeep as other modules call it: an example's search document is written again
// when its category or subject changes, and an import writes each new example's with its row
// (ADR 049). The writing itself is the schema's upkeep (db/search-documents.ts), which the
// migrations call too.
export {
  refreshSearchDocuments,
  writeFormulaTokens,
  searchColumnsReader,
  type SearchColumns,
  type SearchRefresh,
} from '../../../db/search-documents';
