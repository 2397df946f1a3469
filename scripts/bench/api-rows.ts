// The API rows of one engine's bench: each endpoint against its ceilings, signed in as a learner,
// and cold (a query never asked before on every request).
import { httpBytes } from '../../apps/api/test/helpers/http';
import { coldSearches } from './generate';
import { measureRounds, run, runCold } from './load';
import { captureAnswer, startCeiling, type Captured } from './same-bytes';
import { log, stop } from './processes';
import type { Catalogue, ColdRow, Engine, Row, SignedInRow } from './types';

/** The measured endpoints: [name, path], over a generated catalogue's ids. */
export function benchEndpoints(
  ids: { mainCategoryIds: number[]; difficultyIds: number[] },
  middleId: number,
): [string, string][] {
  return [
    ['GET /api/health', '/api/health'],
    ['GET /api/examples (first page)', '/api/examples'],
    [
      'GET /api/examples (category subtree + difficulty)',
      `/api/examples?categoryId=${ids.mainCategoryIds[17]}&difficultyId=${ids.difficultyIds[2]}`,
    ],
    ['GET /api/examples?q= (search)', '/api/examples?q=parabola%20roots'],
    ['GET /api/examples/{id}/position (middle example)', `/api/examples/${middleId}/position`],
    ['GET /api/categories/tree', '/api/categories/tree'],
  ];
}

/** The API rows of one engine: each endpoint against its ceilings, signed in, and cold. */
export async function benchApi(
  engine: Engine,
  {
    base,
    learner,
    dataDir,
    duration,
    cold,
  }: {
    base: string;
    learner: Record<string, string>;
    dataDir: string;
    duration: number;
    cold: { list: string[]; next: number };
  },
  catalogue: Catalogue,
  middleId: number,
): Promise<{ rows: Row[]; signedIn: SignedInRow[]; cold: ColdRow[] }> {
  const signedInRows: SignedInRow[] = [];
  const coldRows: ColdRow[] = [];
  const endpoints = benchEndpoints(catalogue, middleId);
  const captured: Captured[] = [];
  for (const [, p] of endpoints) {
    // The second answer: what the measurement gets (cached endpoints answer from memory by then).
    await httpBytes(`${base}${p}`);
    captured.push(await captureAnswer(`${base}${p}`, p));
  }
  const ceiling = await startCeiling(captured, dataDir);
  try {
    const rows: Row[] = [];
    for (const [i, [name, p]] of endpoints.entries()) {
      log(`${engine}: ${name}`);
      const {
        ceiling: c,
        app: r,
        bare,
      } = await measureRounds(
        `${ceiling.url}${p}`,
        `${base}${p}`,
        `${ceiling.url}/bare${p}`,
        duration,
      );
      rows.push({
        engine,
        endpoint: name,
        bytes: captured[i]!.bytes,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        ceilingRps: c.rps,
        ceilingP99: c.p99,
        bareRps: bare.rps,
        errors: r.errors,
      });
    }
    // Signed in as a learner: the visitors' page (cached per query and catalogue version) plus
    // the caller's marks, read fresh on every request.
    for (const [name, p] of endpoints.filter(([n]) => n.includes('/api/examples'))) {
      log(`${engine}: ${name} (signed in)`);
      await run(`${base}${p}`, 1, learner);
      const r = await run(`${base}${p}`, duration, learner);
      signedInRows.push({ engine, endpoint: name, ...r });
    }
    // Cold: a query never asked before on every request (visitors, then signed in, from one list
    // so the signed-in run cannot reuse pages the visitors' run cached).
    for (const [caller, headers] of [
      ['visitor', {}],
      ['signed in', learner],
    ] as const) {
      log(`${engine}: GET /api/examples cold (${caller})`);
      await runCold(base, cold, 1, headers);
      const r = await runCold(base, cold, duration, headers);
      coldRows.push({ engine, caller, ...r });
    }
    // Cold searches (visitors): a word search and a formula search never asked before, each
    // request, over the whole catalogue.
    for (const kind of ['word', 'formula'] as const) {
      const caller = `visitor, new ${kind} search`;
      log(`${engine}: GET /api/examples?q= cold (${caller})`);
      const searches = { list: coldSearches(200_000, kind), next: 0 };
      await runCold(base, searches, 1);
      const r = await runCold(base, searches, duration);
      coldRows.push({ engine, caller, ...r });
    }
    return { rows, signedIn: signedInRows, cold: coldRows };
  } finally {
    await stop(ceiling.process);
  }
}
