// The face of the catalogue's admin writes: create, update and delete of subjects, difficulties,
// types, categories and examples, and an example's history read and restored.
export { catalogueWritesRoutes } from './catalogue-writes.routes';
export { exampleVersionsRoutes } from './example-versions.routes';
export { categoryWritesService } from './category-writes.service';
export { exampleVersionsService } from './example-versions.service';
export { exampleWritesService } from './example-writes.service';
export { namedWritesService } from './named-writes.service';
