import type {
  HealthField,
  HealthProblem,
  HealthProblemKind,
} from '@exemplar/shared/catalogue-health';
import type { TestAnswer, TriedAnswer } from '@exemplar/shared/answer-spec';
import type { MathIssue } from '@exemplar/shared/math';
import type { TextIssues } from '../io';

/** The longest piece of an example's text quoted in a message. */
const QUOTE_CHARS = 60;

const FIELD_NAMES: Record<HealthField, string> = {
  question: 'The question',
  answer: 'The answer',
  procedure: 'The procedure',
};

const KIND_OF: Record<MathIssue['kind'], HealthProblemKind> = {
  render: 'render-error',
  unbalanced: 'leaked-delimiter',
  'bare-latex': 'bare-latex',
};

function quote(source: string): string {
  const flat = source.replace(/\s+/g, ' ');
  return `"${flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1)}…` : flat}"`;
}

/**
 * KaTeX's error without its prefix and the copy of the expression it ends with (underlined with
 * combining characters): "KaTeX parse error: Undefined control sequence: \frc at position 1: …"
 * becomes "Undefined control sequence: \frc".
 */
export function katexReason(error: string): string {
  const reason = error
    .replace(/^KaTeX parse error:\s*/, '')
    .replace(/\s+at position \d+:[\s\S]*$/, '')
    .replace(/\s+at end of input:[\s\S]*$/, '')
    .trim();
  return reason.replace(/[.:]$/, '') || 'KaTeX could not read it';
}

/** The closer each delimiter the splitter reports as unpaired is missing. */
const CLOSERS: Record<string, string> = {
  $: '$',
  $$: '$$',
  '\\(': '\\)',
  '\\[': '\\]',
  '\\begin{': '\\end{…}',
};

function issueSentence(field: HealthField, issue: MathIssue): string {
  const subject = FIELD_NAMES[field];
  switch (issue.kind) {
    case 'render':
      return `${subject}'s maths fails to render: ${katexReason(issue.message)} (in ${quote(issue.source)}).`;
    case 'unbalanced': {
      const opener = issue.source === '\\begin{' ? '\\begin{…}' : issue.source;
      const closer = CLOSERS[issue.source] ?? 'its closer';
      return issue.source === '$'
        ? `${subject} has a "$" that is never closed, so readers see a dollar sign and the maths after it as plain text.`
        : `${subject} has an opening "${opener}" with no closing "${closer}", so readers see the delimiter and the maths after it as plain text.`;
    }
    case 'bare-latex':
      return `${subject} has ${issue.source} outside maths, so readers see it as written; put the expression between $ signs.`;
  }
}

/**
 * An example field's maths issues as problems: one per kind, with the first issue of that kind
 * named and how many more the field has.
 */
export function fieldProblems(
  exampleId: number,
  field: HealthField,
  found: TextIssues,
): HealthProblem[] {
  const problems: HealthProblem[] = [];
  const unlisted = found.total - found.issues.length;
  const kinds = [...new Set(found.issues.map((i) => i.kind))];
  for (const [index, kind] of kinds.entries()) {
    const same = found.issues.filter((i) => i.kind === kind);
    let message = issueSentence(field, same[0]!);
    if (same.length > 1) message += ` It has ${same.length - 1} more like it.`;
    // The thread lists a few issues per field and counts the rest (their kinds unknown here).
    if (index === kinds.length - 1 && unlisted > 0) {
      message +=
        unlisted === 1
          ? ' One more maths problem in this field is not listed.'
          : ` ${unlisted} more maths problems in this field are not listed.`;
    }
    problems.push({ exampleId, categoryId: null, field, kind: KIND_OF[kind], message });
  }
  return problems;
}

export function emptyProcedureProblem(exampleId: number): HealthProblem {
  return {
    exampleId,
    categoryId: null,
    field: 'procedure',
    kind: 'empty-procedure',
    message: 'The procedure is empty, so readers get the answer with no worked steps.',
  };
}

export function emptyCategoryProblem(categoryId: number, path: string[]): HealthProblem {
  return {
    exampleId: null,
    categoryId,
    field: null,
    kind: 'empty-category',
    message: `The category "${path.join(' › ')}" has no examples in it or in its subcategories, so readers who open it find nothing.`,
  };
}

/** Whether the checker accepted a tried answer: a verdict of correct it could check. */
const accepted = (outcome: TriedAnswer) =>
  'correct' in outcome && outcome.correct && outcome.checkable !== false;

/** What the checker said of a tried answer, for an editor. */
function checkerSaid(outcome: TriedAnswer): string {
  if ('refused' in outcome) return `cannot read it ("${outcome.refused}")`;
  if (outcome.checkable === false) return 'cannot check it automatically';
  const feedback = outcome.feedback ? ` ("${outcome.feedback}")` : '';
  return outcome.correct ? `accepts it${feedback}` : `marks it wrong${feedback}`;
}

/**
 * An example's test answers whose verdicts differ from the ones they must get, as one problem
 * naming each (the answer, accepted or refused, what the checker said), or null when all agree.
 * `outcomes` are the checker's, in the order of `tests`.
 */
export function testAnswerProblem(
  exampleId: number,
  tests: TestAnswer[],
  outcomes: TriedAnswer[],
): HealthProblem | null {
  const wrong = tests.flatMap((test, i) => {
    const outcome = outcomes[i];
    if (!outcome || accepted(outcome) === test.accept) return [];
    return [
      `The test answer ${quote(test.answer)} must be ${test.accept ? 'accepted' : 'refused'}, but the checker ${checkerSaid(outcome)}.`,
    ];
  });
  if (wrong.length === 0) return null;
  return {
    exampleId,
    categoryId: null,
    field: 'answer',
    kind: 'test-answer',
    message: `${wrong.join(' ')} Learners typing ${wrong.length === 1 ? 'that answer' : 'those answers'} get the same verdict.`,
  };
}
