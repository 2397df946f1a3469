// A parsed file turned into what the import's database work needs (see PreparedFile).
import type { CatalogueFileCategory } from '@exemplar/shared/catalogue-io';
import type { ImportExample, ParsedFile } from './parse';
import { text } from './parse-fields';

/** What a file declares beyond its examples, flattened in the order the import creates it. */
export type Declared =
  | { kind: 'subject' | 'difficulty' | 'type'; name: string; description: string }
  /** `parent`: the index in `declared` of the parent category, -1 at the subject's top level. */
  | { kind: 'category'; parent: number; name: string; description: string };

/** Refused records listed in the report (the rest are only counted). */
export const MAX_REPORTED_FAILURES = 200;

/**
 * A parsed file as the import's database work needs it: flat lists that can be sent from the
 * worker thread in small parts, and only the failures the report lists.
 */
export interface PreparedFile {
  format: ParsedFile['format'];
  total: number;
  failed: number;
  failures: ParsedFile['failures'];
  declared: Declared[];
  examples: ImportExample[];
}

export function prepareFile(parsed: ParsedFile): PreparedFile {
  const declared: Declared[] = [];
  // Depth first, each category before its children (the order its export lists them in).
  const walk = (parent: number, nodes: CatalogueFileCategory[]) => {
    for (const node of nodes) {
      declared.push({
        kind: 'category',
        parent,
        name: text(node.name),
        description: text(node.description),
      });
      walk(declared.length - 1, node.children ?? []);
    }
  };
  for (const s of parsed.subjects) {
    declared.push({ kind: 'subject', name: s.name, description: s.description });
    walk(-1, s.categories);
  }
  for (const d of parsed.difficulties) declared.push({ kind: 'difficulty', ...d });
  for (const t of parsed.types) declared.push({ kind: 'type', ...t });
  return {
    format: parsed.format,
    total: parsed.total,
    failed: parsed.failures.length,
    failures: parsed.failures.slice(0, MAX_REPORTED_FAILURES),
    declared,
    examples: parsed.examples,
  };
}
