/**
 * The answer checker against the demo catalogue's test answers: for each kind of answer (its
 * example's spec, given or inferred), how many right answers it accepts and how many wrong ones it
 * refuses, then every disagreement with the catalogue's verdict, by kind.
 *
 *   node --import tsx scripts/answer-battery.ts
 */
import {
  readBatteryExamples,
  runDemoBattery,
} from '../apps/api/src/engines/answer-check/demo-battery';
import { ANSWER_KINDS } from '../packages/shared/src/answer-spec';
import { cell } from './corpus-report';

const report = runDemoBattery(readBatteryExamples());
const share = (n: number, of: number) =>
  of ? `${n}/${of} (${((100 * n) / of).toFixed(1)}%)` : '–';

console.log(
  `${report.testAnswers} test answers of ${report.examples} examples; ` +
    `${report.testAnswers - report.disagreements.length} verdicts agree with the catalogue, ` +
    `${report.disagreements.length} do not.\n`,
);
console.log('| kind | examples | right answers accepted | wrong answers refused |');
console.log('| --- | ---: | ---: | ---: |');
const total = { examples: 0, right: 0, accepted: 0, wrong: 0, refused: 0 };
for (const kind of ANSWER_KINDS) {
  const k = report.kinds[kind];
  if (!k) continue;
  for (const key of ['examples', 'right', 'accepted', 'wrong', 'refused'] as const)
    total[key] += k[key];
  console.log(
    `| ${kind} | ${k.examples} | ${share(k.accepted, k.right)} | ${share(k.refused, k.wrong)} |`,
  );
}
console.log(
  `| all | ${total.examples} | ${share(total.accepted, total.right)} | ${share(total.refused, total.wrong)} |`,
);

for (const kind of ANSWER_KINDS) {
  const misses = report.disagreements.filter((d) => d.kind === kind);
  if (misses.length === 0) continue;
  console.log(`\n${kind}: ${misses.length} disagreements`);
  for (const d of misses) {
    console.log(
      `  #${d.example} ${d.accept ? 'right' : 'wrong'} ${cell(d.answer)}   stored: ${cell(d.stored.slice(0, 90))}   checker: ${d.checker}`,
    );
  }
}

// --known: the disagreements as entries for the known list of demo-battery.test.ts.
if (process.argv.includes('--known')) {
  console.log('\nKnown-list entries:');
  for (const d of report.disagreements) {
    console.log(
      `      [${d.example}, ${JSON.stringify(d.answer)}], // ${d.accept ? 'right' : 'wrong'}; ${d.checker.slice(0, 60)}`,
    );
  }
}
