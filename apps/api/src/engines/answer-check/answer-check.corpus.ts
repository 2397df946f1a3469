// The answer checker measured on real answers: for each record of a corpus of MATH problems, its
// answer as the import stores it, equivalent rewritings of it and wrong answers made from it,
// each checked against the stored answer. Shared by scripts/check-corpus.ts and the corpus test.
import { mathDatasetAnswer } from '@exemplar/shared/math-dataset';
import { checkAnswer } from './check-answer';
import { storedAnswerProblem } from './read-maths';
import { variantsOf, type Group } from './answer-variants';

export interface CorpusRecord {
  source_id: string;
  question: string;
  answer: string;
}

export interface Miss {
  sourceId: string;
  stored: string;
  given: string;
  outcome: string;
}

export interface KindReport {
  group: Group;
  kind: string;
  total: number;
  passed: number;
  misses: Miss[];
}

export interface CorpusReport {
  records: number;
  /** Stored answers the checker reads as maths (the others are compared as text). */
  readable: number;
  /** The stored answers compared as text, with the reason. */
  unreadable: { sourceId: string; stored: string; reason: string }[];
  groups: Record<Group, { total: number; passed: number; share: number }>;
  kinds: KindReport[];
  /**
   * Rewritings the checker found equivalent but refused for the form the question asks (a
   * `\frac{10}{2}` for "Simplify …"): counted as accepted in (b), which measures equivalence.
   */
  formRefused: Miss[];
  /** Time per check in milliseconds. */
  timing: { median: number; p95: number; max: number; checks: number };
}

/** Checks every generated answer of every record; a pass is the verdict its group should get. */
export function measureAnswerCheck(records: CorpusRecord[]): CorpusReport {
  const kinds = new Map<string, KindReport>();
  const times: number[] = [];
  let readable = 0;
  const unreadable: CorpusReport['unreadable'] = [];
  const formRefused: Miss[] = [];
  for (const r of records) {
    const stored = String(mathDatasetAnswer(r.answer));
    const problem = storedAnswerProblem(stored);
    if (problem) unreadable.push({ sourceId: r.source_id, stored, reason: problem });
    for (const v of variantsOf(stored)) {
      const started = performance.now();
      const outcome = checkAnswer({ question: r.question, expected: stored, given: v.given });
      times.push(performance.now() - started);
      // Equivalent but not in the form the question asks: the feedback says so (see formRefused).
      const form = outcome.kind === 'verdict' && outcome.how === 'form';
      if (form && v.group === 'rewriting') {
        formRefused.push({
          sourceId: r.source_id,
          stored,
          given: v.given,
          outcome: outcome.verdict.feedback ?? '',
        });
      }
      const accepted =
        outcome.kind === 'verdict' && (outcome.verdict.correct || (form && v.group !== 'wrong'));
      const passed = v.group === 'wrong' ? outcome.kind === 'verdict' && !accepted : accepted;
      if (
        v.group === 'stored' &&
        outcome.kind === 'verdict' &&
        !outcome.how.startsWith('stored answer unreadable')
      ) {
        readable++;
      }
      const key = `${v.group}\u0000${v.kind}`;
      const report = kinds.get(key) ?? {
        group: v.group,
        kind: v.kind,
        total: 0,
        passed: 0,
        misses: [],
      };
      kinds.set(key, report);
      report.total++;
      if (passed) report.passed++;
      else {
        report.misses.push({
          sourceId: r.source_id,
          stored,
          given: v.given,
          outcome:
            outcome.kind === 'refused'
              ? `refused: ${outcome.message}`
              : `${outcome.verdict.correct ? 'accepted' : 'not accepted'} (${outcome.how})`,
        });
      }
    }
  }
  const all = [...kinds.values()];
  const group = (g: Group) => {
    const total = all.filter((k) => k.group === g).reduce((s, k) => s + k.total, 0);
    const passed = all.filter((k) => k.group === g).reduce((s, k) => s + k.passed, 0);
    return { total, passed, share: total ? passed / total : 1 };
  };
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    records: records.length,
    readable,
    unreadable,
    groups: { stored: group('stored'), rewriting: group('rewriting'), wrong: group('wrong') },
    kinds: all,
    formRefused,
    timing: { median: at(0.5), p95: at(0.95), max: times.at(-1) ?? 0, checks: times.length },
  };
}
