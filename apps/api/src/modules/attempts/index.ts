// The attempts module's face: learners' answers checked, and the help they opened.
export { attemptsRoutes } from './attempts.routes';
export { attemptsService } from './attempts.service';
