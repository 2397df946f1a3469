// The reviews module's face: a learner's spaced-repetition cards.
export { reviewsRoutes } from './reviews.routes';
export { masteredExampleIds, reviewsService } from './reviews.service';
