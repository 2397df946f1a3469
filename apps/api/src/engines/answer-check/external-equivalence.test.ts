// The checker against an equivalence suite written by others (Hugging Face's Math-Verify; the
// cases, their source and licence are in external-equivalence.ts): it agrees with every case it
// claims, and knowingly differs on the listed gaps, each for its stated reason.
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check-answer';
import { EXTERNAL_EQUIVALENCE_CASES } from './external-equivalence';

/** Accepted as right: a verdict, correct (a refusal is not an acceptance). */
const accepted = (stored: string, given: string) => {
  const outcome = checkAnswer({ question: '', expected: stored, given });
  return outcome.kind === 'verdict' && outcome.verdict.correct;
};

const claimed = EXTERNAL_EQUIVALENCE_CASES.filter((c) => c.gap === undefined);
const gaps = EXTERNAL_EQUIVALENCE_CASES.filter((c) => c.gap !== undefined);

describe('answer checker against Math-Verify’s equivalence cases', () => {
  it('has at least 100 cases, most of them claimed', () => {
    expect(EXTERNAL_EQUIVALENCE_CASES.length).toBeGreaterThanOrEqual(100);
    expect(claimed.length).toBeGreaterThan(gaps.length);
  });

  it.each(claimed.map((c) => [c.source, c.stored, c.given, c.equal] as const))(
    'agrees (%s): %j against %j is %s',
    (_source, stored, given, equal) => expect(accepted(stored, given)).toBe(equal),
  );

  it.each(gaps.map((c) => [c.source, c.stored, c.given, c.equal, c.gap] as const))(
    'knowingly differs (%s): %j against %j (Math-Verify: %s), because: %s',
    (_source, stored, given, equal) => expect(accepted(stored, given)).toBe(!equal),
  );
});
