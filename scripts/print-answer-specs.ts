/**
 * Prints the answer spec inferred for each example of the demo catalogue, with its stored answer,
 * to review the inference rules (docs/decisions/041-answer-specs.md) against real answers.
 *
 *   node --import tsx scripts/print-answer-specs.ts
 */
import { readFileSync } from 'node:fs';
import { inferAnswerSpec } from '../apps/api/src/engines/answer-check';

const file = new URL('../apps/api/src/db/seed/demo-catalogue.json', import.meta.url);
const data = JSON.parse(readFileSync(file, 'utf8')) as
  { question: string; answer: string }[] | { examples: { question: string; answer: string }[] };
const examples = Array.isArray(data) ? data : data.examples;
examples.forEach((e, i) => {
  const s = inferAnswerSpec(e.question, e.answer);
  const extra = [
    s.form !== 'any' && `form ${s.form}`,
    s.unit && `unit ${s.unit}`,
    s.tolerance !== null && `± ${s.tolerance}`,
    s.choice && `choice ${s.choice}`,
  ].filter(Boolean);
  console.log(
    `${String(i + 1).padStart(3)} ${s.kind.padEnd(10)} ${extra.join(', ').padEnd(24)} ${e.answer.slice(0, 90)}`,
  );
});
