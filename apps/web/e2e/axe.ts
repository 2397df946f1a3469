import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The rules every browser test runs: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown; html: string; failureSummary?: string }[];
}

let axeSource: Promise<string> | undefined;

/**
 * Runs axe (the rules above) on the page, or on its `<main>` when `scope` is 'main', and returns
 * one line per serious or critical violation, prefixed with `label`: its rule, help, count and
 * first node. An empty list is a pass.
 */
export async function axeFindings(
  page: Page,
  label: string,
  { scope = 'document' }: { scope?: 'document' | 'main' } = {},
): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(
    ({ tags, inMain }) =>
      (
        window as unknown as {
          axe: {
            run: (c: Element | Document, o: object) => Promise<{ violations: AxeViolation[] }>;
          };
        }
      ).axe
        .run(inMain ? document.querySelector('main')! : document, { runOnly: tags })
        .then((result) => JSON.parse(JSON.stringify(result.violations)) as AxeViolation[]),
    { tags: AXE_TAGS, inMain: scope === 'main' },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const first = v.nodes[0];
      const summary = first?.failureSummary
        ? ` (${first.failureSummary.replace(/\s+/g, ' ')})`
        : '';
      return `${label}: [${v.impact}] ${v.id} — ${v.help} — ${v.nodes.length} node(s), first ${JSON.stringify(
        first?.target,
      )}${summary} ${first?.html.slice(0, 200) ?? ''}`;
    });
}
