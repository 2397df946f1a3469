import { NoticeAlert } from '../../../components/query-state/notice-alert';
import { FailureAlert } from './form-alert';

/** What the alert reads of a request (a TanStack mutation). */
interface Request {
  error: Error | null;
  reset: () => void;
}

interface ResendRequest extends Request {
  data?: { message: string };
}

/** A failure's words: the alert's title, and the message when the server gave none. */
interface FailureWords {
  title: string;
  fallback: string;
}

interface CodeStepAlertProps {
  /** The step succeeded (the screen moves on shortly). */
  done: { title: string; message: string } | false;
  /** The step's request (confirm, reset) and what its failure says. */
  step: Request;
  stepFailed: FailureWords;
  /** The request for a new code, and what its failure says. */
  resend: ResendRequest;
  resendFailed: FailureWords;
  /** Why the visitor is here, shown while nothing else is. */
  notice: string | null | undefined;
}

/**
 * The one alert of a screen that takes an emailed code, most pressing first: the step done, the
 * step failed, a new code sent, a new code refused, else the arrival notice. Asking for a new code
 * clears the step's answer and the other way round, so the latest one shows.
 */
export function CodeStepAlert({
  done,
  step,
  stepFailed,
  resend,
  resendFailed,
  notice,
}: CodeStepAlertProps) {
  if (done) {
    return (
      <NoticeAlert kind="success" title={done.title}>
        {done.message}
      </NoticeAlert>
    );
  }
  if (step.error)
    return <FailureAlert error={step.error} {...stepFailed} onClose={() => step.reset()} />;
  if (resend.data) {
    return (
      <NoticeAlert kind="info" title="Code sent" onClose={() => resend.reset()}>
        {resend.data.message}
      </NoticeAlert>
    );
  }
  if (resend.error) {
    return <FailureAlert error={resend.error} {...resendFailed} onClose={() => resend.reset()} />;
  }
  return notice ? <NoticeAlert kind="info">{notice}</NoticeAlert> : null;
}
