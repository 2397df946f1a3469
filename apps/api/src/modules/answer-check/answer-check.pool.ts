import { ErrorCode } from '@exemplar/shared/api';
import { AppError } from '../../lib/errors';

/*
 * TEMPORARY stand-in for the answer checker: the real one (maths-aware, off the event loop) replaces
 * this file. It compares the LaTeX with `$` delimiters and spaces stripped, and refuses an answer
 * whose braces do not balance, so the routes above it can be built and tested.
 */

export interface AnswerCheckInput {
  question: string;
  expected: string;
  given: string;
}
export interface AnswerVerdict {
  correct: boolean;
  feedback?: string;
}

const normalise = (latex: string) => latex.replace(/[$\s]/g, '');

function balanced(latex: string): boolean {
  let depth = 0;
  for (let i = 0; i < latex.length; i++) {
    if (latex[i] === '\\') i++;
    else if (latex[i] === '{') depth++;
    else if (latex[i] === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

export class AnswerCheckPool {
  constructor(_options?: { timeoutMs?: number }) {}

  /** rejects with AppError(ErrorCode.ValidationError, message) (400) for an unreadable answer */
  async check(input: AnswerCheckInput): Promise<AnswerVerdict> {
    if (!balanced(input.given)) {
      throw new AppError(
        400,
        ErrorCode.ValidationError,
        'Your answer could not be read: its braces do not match.',
      );
    }
    return { correct: normalise(input.given) === normalise(input.expected) };
  }

  async close(): Promise<void> {}
}
