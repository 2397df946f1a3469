/**
 * How long a worksheet takes to draw at scale: generates the bench's catalogue (100,000 examples
 * by default, scripts/bench/generate.ts) in a fresh database, then times the examples service's
 * `worksheet` for a few filters (the whole list, a difficulty, a category subtree, a search), each first with no id list
 * kept (the filtered ids read from the database) and then again with another seed (the ids kept
 * for the catalogue version). Prints the median of 7 runs of each, in milliseconds.
 *
 *   node --import tsx scripts/measure-worksheet.ts [examples=100000]
 *   DATABASE_URL=postgres://… (an empty database) to measure PostgreSQL
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { examplesService } from '../apps/api/src/modules/catalogue/examples';
import { generateCatalogue } from './bench/generate';

const N = Number(process.argv[2] ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worksheet-measure-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const handle = createDatabase({ dataDir: dir, databaseUrl });
try {
  await migrate(handle);
  const catalogue = await generateCatalogue(handle.db, N);
  await handle.refreshStatistics();
  let version = 0;
  const service = examplesService(handle.db, handle.engine, {
    catalogueVersion: async () => String(version),
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const cases = {
    'whole list': {},
    'one difficulty': { difficultyId: String(catalogue.difficultyIds[0]) },
    'a main category': { categoryId: catalogue.mainCategoryIds[0] },
    'search "triangle"': { q: 'triangle' },
  };
  console.log(`${handle.engine}, ${N} examples: worksheet of 50, median of 7 (ms)`);
  for (const [name, filter] of Object.entries(cases)) {
    const cold: number[] = [];
    const warm: number[] = [];
    let total = 0;
    for (let run = 0; run < 7; run++) {
      version++; // a new catalogue version: nothing kept
      let t = performance.now();
      total = (await service.worksheet({ ...filter, count: 50, seed: `cold${run}` })).total;
      cold.push(performance.now() - t);
      t = performance.now();
      await service.worksheet({ ...filter, count: 50, seed: `warm${run}` });
      warm.push(performance.now() - t);
    }
    console.log(
      `${name.padEnd(20)} total ${String(total).padStart(6)}  ids read ${median(cold).toFixed(1).padStart(6)}  ids kept ${median(warm).toFixed(1).padStart(6)}`,
    );
  }
} finally {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
