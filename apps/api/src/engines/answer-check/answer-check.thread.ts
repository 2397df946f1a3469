/**
 * The answer checker's worker thread: loads Compute Engine, checks two answers so the first
 * learner does not pay for the warm-up, says it is ready, then answers each request: a check with
 * its outcome, a reading with the answer as read (or its problem). A request that runs too long
 * is not stopped here: the pool ends the whole thread.
 */
import { parentPort } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest } from './answer-check.pool';
import { checkAnswer } from './check-answer';
import { readAnswer } from './read-answer';

// Compute Engine prints some of its internal findings with console.error (e.g. "Unexpected value for
// radical part" when simplifying a root of a 30-digit number, a caught error): from this thread they
// would reach the API's output between its JSON log lines. The checker prints nothing of its own, and
// a failure of the thread reaches the pool as an 'error' event or a 'failed' answer, not the console.
for (const method of ['log', 'info', 'warn', 'error'] as const) console[method] = () => undefined;

checkAnswer({ question: 'Find $x$.', expected: '$x = \\frac{1}{2}$', given: '0.5' });
// Compute Engine's simplification builds its rules on first use (0.2-0.8 s): done here, before the
// thread says it is ready, so that no learner's check pays for it against the time limit.
checkAnswer({ question: '', expected: '$12345678901234567890$', given: '12345678901234567891' });

const send = (message: ThreadReply) => parentPort!.postMessage(message);

parentPort!.on('message', (message: ThreadRequest) => {
  try {
    if (message.kind === 'read') {
      send({ id: message.id, kind: 'reading', reading: readAnswer(message.input) });
    } else {
      send({ id: message.id, kind: 'outcome', outcome: checkAnswer(message.input) });
    }
  } catch (err) {
    // An unexpected failure is this check's, not the thread's: it answers the next one.
    send({
      id: message.id,
      kind: 'failed',
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
send({ id: 0, kind: 'ready' });
