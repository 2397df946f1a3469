import { useSearchParams } from 'react-router';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { WorksheetScreen } from '../../features/worksheets/components/worksheet-screen';
import { isReviewsSource } from '../../features/worksheets/lib/worksheet-params';

/**
 * /worksheet: a printable sheet of the list's filters for anyone; of today's reviews
 * (`source=reviews`) for a signed-in learner only (a visitor is sent to sign in first). The
 * screen sets the page's title to the sheet's.
 */
export default function WorksheetRoute() {
  const [params] = useSearchParams();
  return isReviewsSource(params) ? (
    <ProtectedRoute>
      <WorksheetScreen />
    </ProtectedRoute>
  ) : (
    <WorksheetScreen />
  );
}
