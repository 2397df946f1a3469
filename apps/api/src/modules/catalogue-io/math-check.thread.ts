/**
 * The import's maths checker thread: for each text it is sent, answers with the first few issues
 * that stop it rendering (a TeX command left in prose is not one) and how many there are in all.
 * The list is cut short so a hostile text with thousands of unclosed delimiters costs little to
 * send back to the event loop and to report.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { checkMath } from '@exemplar/shared/math';
import { MAX_ISSUES_PER_TEXT, type TextIssues } from './math-check.pool';

// Lowest CPU priority for this thread only (Linux gives each thread its own nice value): on a busy
// machine the event loop answering requests goes first; the import just takes longer.
try {
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // not permitted here: run at normal priority
}

parentPort!.on('message', (message: { id: number; texts: string[] }) => {
  const issues = message.texts.map((text): TextIssues => {
    const all = checkMath(text).filter((i) => i.kind !== 'bare-latex');
    return { issues: all.slice(0, MAX_ISSUES_PER_TEXT), total: all.length };
  });
  parentPort!.postMessage({ id: message.id, issues });
});
