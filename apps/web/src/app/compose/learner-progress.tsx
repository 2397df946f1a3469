import { useProgress } from '../../features/examples/api/get-progress';
import { useSubjects } from '../../api/catalogue';
import { ProgressSection } from '../../features/progress/components/progress-section';

/**
 * The dashboard's 'My Progress' card: the progress feature draws what the examples feature
 * loads (GET /me/progress and the subject names).
 */
export function LearnerProgress() {
  const progress = useProgress();
  const subjects = useSubjects();
  return <ProgressSection progress={progress} subjects={subjects.data} />;
}
