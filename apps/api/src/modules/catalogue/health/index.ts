// The face of the catalogue health check: every example's maths and test answers, and the
// categories without examples, checked for an admin.
export { catalogueHealthRoutes } from './catalogue-health.routes';
export { catalogueHealthService } from './catalogue-health.service';
