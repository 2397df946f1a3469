// The checker against an equivalence suite written by others, Hugging Face's Math-Verify: it agrees
// with every case it claims, and knowingly differs on the listed gaps, each for its stated reason.
//
// The cases are data, in external-equivalence.cases.json (with their source and licence): pairs of
// a reference answer and an answer to check, with the verdict their authors assert (equal or not),
// transcribed from Math-Verify at commit 5d148cfaaf99214c2e4ffb4bc497ab042c592a7a (2025-07-02),
// files tests/test_all.py, tests/test_numina_cases.py, tests/test_open_thoughts.py and
// tests/test_boxed.py (their `@pytest.mark.parametrize` lists of `(gold, pred, expected)`), copied
// as data by a script reading the Python literals, strings unchanged; no code of Math-Verify is used.
//
// Which cases: every parametrized case whose two answers are at most 160 characters and are
// answers rather than worked solutions in prose (fewer than three words outside the maths), since
// those test Math-Verify's extraction of a final answer from a model's text, not equivalence;
// duplicates once; of test_set_rel_assymetry only the cases with allow_set_relation_comp=True (the
// others assert the same pair both ways). `stored` is Math-Verify's gold (the example's stored
// answer here), `given` its prediction (the learner's answer), `equal` its expected verdict;
// extra parameters (Math-Verify's rounding precision) are kept in `source`.
//
// `gap`: a case where the checker's verdict knowingly differs, with the reason (a rule of ADR 031
// or a notation not read). This test asserts the checker agrees on every other case and disagrees
// on every gap, so it fails when either changes. 153 cases: the checker agrees on 112, with 41
// known gaps.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check-answer';

/** One case: Math-Verify's gold, its prediction and expected verdict; `gap` where we differ. */
interface ExternalCase {
  source: string;
  stored: string;
  given: string;
  equal: boolean;
  gap?: string;
}

const { cases } = JSON.parse(
  readFileSync(new URL('./external-equivalence.cases.json', import.meta.url), 'utf8'),
) as { cases: ExternalCase[] };

/** Accepted as right: a verdict, correct (a refusal is not an acceptance). */
const accepted = (stored: string, given: string) => {
  const outcome = checkAnswer({ question: '', expected: stored, given });
  return outcome.kind === 'verdict' && outcome.verdict.correct;
};

const claimed = cases.filter((c) => c.gap === undefined);
const gaps = cases.filter((c) => c.gap !== undefined);

describe('answer checker against Math-Verify’s equivalence cases', () => {
  it('has at least 100 cases, most of them claimed', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
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
