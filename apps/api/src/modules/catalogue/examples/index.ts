// The examples module's face: what other modules, the app's plugins and the tests may use. The
// examples, their marks and their history are this module's tables; who may see a draft, how a
// save records its version and how an answer spec is stored are its rules, held behind these
// functions (docs/decisions/047-module-faces.md).
export { examplesRoutes } from './examples.routes';
export { examplesService } from './examples.service';
export { seesDrafts } from './examples.filter';
export {
  countExamples,
  countExamplesUsing,
  exampleExists,
  examplesPerCategory,
  examplesPerCategoryAmong,
  examplesToCheckBatch,
  exampleToCheck,
  hasExamples,
  publishedExampleIds,
  publishedExamples,
  sitemapBatch,
  sitemapChunks,
  sitemapIdAt,
  type ExampleToCheck,
  type Visibility,
} from './example-reads.service';
export {
  createExample,
  deleteExample,
  editorExample,
  findRepeatedQuestion,
  restoreExample,
  updateExample,
  type RestorableVersion,
} from './example-saves.service';
export {
  deletedExamples,
  exampleHistory,
  exampleVersion,
  exportedVersions,
  hasHistory,
  insertVersions,
  newestVersion,
  recordImportedVersions,
  type DeletedAfter,
  type Editor,
  type VersionInsert,
  type VersionRow,
} from './versions.service';
export {
  forgetMarksOf,
  markSolvedBy,
  marksPerCategory,
  reviewCandidates,
  setMark,
  type PerCategory,
} from './marks.service';
export {
  refreshSearchDocuments,
  searchColumnsReader,
  writeFormulaTokens,
  type SearchColumns,
  type SearchRefresh,
} from './example-search.service';
export {
  typesetCatalogue,
  typesetExamples,
  typesetStore,
  type ExampleTexts,
} from './typeset.service';
export { specColumn, storedSpec, storedTestAnswers, testAnswersColumn } from './stored-spec';
