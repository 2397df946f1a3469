// The face of the catalogue's import and export: the admin routes, the import as the CLI, the
// benchmarks and the demo seed run it, and the maths-checking thread the health check shares.
export { catalogueIoRoutes } from './catalogue-io.routes';
export {
  catalogueIoService,
  checkImportMaths,
  importCatalogue,
  type ImportOptions,
} from './catalogue-io.service';
export { exportCatalogue } from './export';
export { seedDemoCatalogue } from './demo-seed';
export { mathCheckPool, MathCheckPool, type TextIssues } from './math-check.pool';
