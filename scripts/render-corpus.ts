/**
 * Renders every field of every record of the MATH public sample with the app's maths renderer and
 * reports the share that renders cleanly (no error marker, no delimiter leaked into the prose),
 * failures grouped by cause, and the time taken. The corpus lives outside the repository: the
 * file named here, else the one MATH_CORPUS names (README, "Corpus runs").
 *
 *   node --import tsx scripts/render-corpus.ts [path/to/math-public-sample.json]
 */
import { renderRichText, richTextCache, wrapBareLatex } from '../packages/shared/src/math/index';
import { measureCorpus } from '../packages/shared/src/math/measure';
import { cell, corpusFile, machineLine, pct, readCorpus } from './corpus-report';

interface CorpusRecord {
  source_id: string;
  question: string;
  answer: string;
  procedure?: string | null;
}

const file = corpusFile(process.argv.slice(2));
const records = readCorpus<CorpusRecord>(file);
const fieldsOf = (r: CorpusRecord) => [r.question ?? '', r.answer ?? '', r.procedure ?? ''];

// Timed pass: render every field once, cold cache, in-process.
richTextCache.clear();
const t0 = performance.now();
let fields = 0;
let bytes = 0;
for (const r of records) {
  for (const f of fieldsOf(r)) {
    bytes += renderRichText(f, { errorLabel: '(LaTeX Error)' }).length;
    fields++;
  }
}
const ms = performance.now() - t0;

const report = measureCorpus(records.map((r) => ({ id: r.source_id, fields: fieldsOf(r) })));

console.log(`Corpus: ${file}`);
console.log(machineLine());
console.log(
  `Rendered ${records.length} records (${fields} fields, ${(bytes / 1e6).toFixed(1)} MB of HTML) in ${ms.toFixed(0)} ms` +
    ` (${(ms / records.length).toFixed(2)} ms/record)`,
);
console.log(`Clean as written: ${report.clean}/${report.records} = ${pct(report.share)}`);
const strict = measureCorpus(
  records.map((r) => ({ id: r.source_id, fields: fieldsOf(r) })),
  { strict: true },
);
console.log(
  `Strict (no TeX command left in prose either), as stored: ${strict.clean}/${strict.records} = ${pct(strict.share)}`,
);
const wrapped = measureCorpus(
  records.map((r) => ({
    id: r.source_id,
    fields: [r.question ?? '', wrapBareLatex(r.answer ?? ''), r.procedure ?? ''],
  })),
  { strict: true },
);
console.log(
  `Strict, answers passed through wrapBareLatex: ${wrapped.clean}/${wrapped.records} = ${pct(wrapped.share)}`,
);
console.log('');
console.log('| cause | records | example (source id) |');
console.log('|---|---:|---|');
for (const c of [...report.causes, ...strict.causes.filter((c) => c.cause.startsWith('TeX'))]) {
  console.log(`| ${cell(c.cause)} | ${c.records} | \`${cell(c.example)}\` (${c.sourceId}) |`);
}
