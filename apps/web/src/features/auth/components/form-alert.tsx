import { ErrorAlert } from '../../../components/query-state/error-alert';
import { failureMessage } from '../../../lib/api-error';

/** A request that failed, as the screen names it. */
export interface Failure {
  error: Error;
  title: string;
  /** Shown when the server gave no message. */
  fallback: string;
  /** Dismiss: clears the request's error. */
  onClose: () => void;
}

/** The error alert of a failed request: the server's message, else `fallback`; dismissible. */
export function FailureAlert({ error, title, fallback, onClose }: Failure) {
  return (
    <ErrorAlert title={title} onClose={onClose}>
      {failureMessage(error, fallback)}
    </ErrorAlert>
  );
}
