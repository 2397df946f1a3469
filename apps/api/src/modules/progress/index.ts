// The progress module's face: a learner's likes, solved marks and progress.
export { progressRoutes } from './progress.routes';
export { progressService, type Progress } from './progress.service';
