// The demo catalogue's test answers as a battery for the answer checker: every test answer is
// checked against its example's stored answer under the example's spec (the one the catalogue
// gives, else the one inferred), and its verdict compared with the one the catalogue says a
// teacher gives. Shared by scripts/answer-battery.ts and demo-battery.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AnswerSpecSchema,
  TestAnswersSchema,
  type AnswerKind,
  type AnswerSpec,
} from '@exemplar/shared/answer-spec';
import { z } from 'zod';
import { checkAnswer, type CheckOutcome } from './check-answer';
import { inferAnswerSpec } from './infer-spec';

export const DEMO_CATALOGUE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/seed/demo-catalogue.json',
);

const BatteryExampleSchema = z.object({
  question: z.string(),
  answer: z.string(),
  answerSpec: AnswerSpecSchema.optional(),
  testAnswers: TestAnswersSchema.default([]),
});
export type BatteryExample = z.infer<typeof BatteryExampleSchema>;

/** The demo catalogue's examples with what the battery needs of each (the file's order). */
export function readBatteryExamples(file = DEMO_CATALOGUE): BatteryExample[] {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { examples: unknown };
  return z.array(BatteryExampleSchema).parse(json.examples);
}

/** A test answer whose verdict is not the one the catalogue gives. */
export interface Disagreement {
  /** The example's number in the catalogue file, from 1. */
  example: number;
  kind: AnswerKind;
  answer: string;
  stored: string;
  /** The verdict the catalogue gives: accepted (true) or refused. */
  accept: boolean;
  /** What the checker said, in a few words. */
  checker: string;
}

export interface KindCount {
  examples: number;
  /** Right answers, and how many of them the checker accepted. */
  right: number;
  accepted: number;
  /** Wrong answers, and how many of them the checker refused (not accepted, or not checked). */
  wrong: number;
  refused: number;
}

export interface BatteryReport {
  examples: number;
  testAnswers: number;
  kinds: Partial<Record<AnswerKind, KindCount>>;
  disagreements: Disagreement[];
}

/** The spec an example is checked under: its own, else the inferred one. */
export function specOf(example: BatteryExample): { spec: AnswerSpec; inferred: boolean } {
  if (example.answerSpec) return { spec: example.answerSpec, inferred: false };
  return { spec: inferAnswerSpec(example.question, example.answer), inferred: true };
}

function describe(outcome: CheckOutcome): string {
  if (outcome.kind === 'refused') return `refused: ${outcome.message}`;
  const { correct, feedback } = outcome.verdict;
  return `${correct ? 'accepted' : 'not accepted'} (${outcome.how}${feedback ? `; “${feedback}”` : ''})`;
}

/** Checks every test answer of every example. */
export function runDemoBattery(examples: BatteryExample[]): BatteryReport {
  const kinds: BatteryReport['kinds'] = {};
  const disagreements: Disagreement[] = [];
  let testAnswers = 0;
  let withTests = 0;
  examples.forEach((example, i) => {
    if (example.testAnswers.length === 0) return;
    withTests++;
    const { spec } = specOf(example);
    const kind = spec.kind;
    const count = (kinds[kind] ??= { examples: 0, right: 0, accepted: 0, wrong: 0, refused: 0 });
    count.examples++;
    for (const test of example.testAnswers) {
      testAnswers++;
      const outcome = checkAnswer({
        question: example.question,
        expected: example.answer,
        given: test.answer,
        spec,
      });
      const accepted = outcome.kind === 'verdict' && outcome.verdict.correct;
      if (test.accept) {
        count.right++;
        if (accepted) count.accepted++;
      } else {
        count.wrong++;
        if (!accepted) count.refused++;
      }
      if (accepted !== test.accept) {
        disagreements.push({
          example: i + 1,
          kind,
          answer: test.answer,
          stored: example.answer,
          accept: test.accept,
          checker: describe(outcome),
        });
      }
    }
  });
  return { examples: withTests, testAnswers, kinds, disagreements };
}
