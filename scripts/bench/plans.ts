// The plans of the queries a piece of code sends: EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE
// on PostgreSQL (costs and timings off: which index, and the rows each step gave).
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';
import type { Database } from '../../apps/api/src/db/schema';

export interface QueryPlan {
  /** The statement as sent, on one line (its parameters bound separately). */
  sql: string;
  parameters: unknown[];
  /** The plan, one line per step (PostgreSQL's indentation kept). */
  plan: string[];
}

/**
 * Runs `run` on a database handle that records every statement sent through it, then asks the
 * engine for the plan of each recorded statement that `keep` accepts (all unless told).
 */
export async function queryPlans(
  database: Db,
  run: (db: Kysely<Database>) => Promise<unknown>,
  keep: (sql: string) => boolean = () => true,
): Promise<QueryPlan[]> {
  const captured: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      captured.push(database.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run(database.db.withPlugin(recorder));
  const explain =
    database.engine === 'postgres'
      ? 'explain (analyze, costs off, timing off) '
      : 'explain query plan ';
  const plans: QueryPlan[] = [];
  for (const query of captured.filter((q) => keep(q.sql))) {
    const { rows } = await database.db.executeQuery(
      CompiledQuery.raw(explain + query.sql, [...query.parameters]),
    );
    plans.push({
      sql: query.sql.replace(/\s+/g, ' '),
      parameters: [...query.parameters],
      plan: planLines(rows as Record<string, unknown>[]),
    });
  }
  return plans;
}

/**
 * PostgreSQL's plan is one text column, already indented; SQLite's rows are (id, parent, detail):
 * each step is indented under its parent.
 */
function planLines(rows: Record<string, unknown>[]): string[] {
  const depth = new Map<unknown, number>();
  return rows.map((row) => {
    if (typeof row.detail !== 'string') {
      return Object.values(row)
        .filter((v) => typeof v === 'string')
        .join(' ');
    }
    const level = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, level);
    return `${'  '.repeat(level)}${row.detail}`;
  });
}
