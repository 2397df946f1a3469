import { useState } from 'react';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { ReviewPage } from '../../features/reviews/components/review-page';
import { ReviewSignIn } from '../../features/reviews/components/review-states';
import { useAuth } from '../../lib/auth/auth-store';
import { renderRecall } from '../compose/review-recall';

/**
 * /review: a visitor sees what reviews are with Login and Register; a signed-in learner, once the
 * session check passes, today's queue.
 */
export default function ReviewRoute() {
  const { tokens } = useAuth();
  // A session that ends while here is ProtectedRoute's to handle (to home or the login screen).
  const [arrivedSignedIn] = useState(() => Boolean(tokens));
  const visitor = !tokens && !arrivedSignedIn;
  return (
    <>
      <title>Review — Exemplar</title>
      {visitor ? (
        <ReviewSignIn />
      ) : (
        <ProtectedRoute>
          <ReviewPage renderExample={renderRecall} />
        </ProtectedRoute>
      )}
    </>
  );
}
