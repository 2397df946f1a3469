import { ExampleRecall } from '../../features/examples/components/attempt/example-recall';
import type { RenderRecall } from '../../features/reviews/components/review-page';

/**
 * The review page's example: the examples feature's question, 'Try it yourself' and concealed
 * solution, for the reviews feature to grade.
 */
export const renderRecall: RenderRecall = (props) => <ExampleRecall {...props} />;
