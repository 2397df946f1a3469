import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import katex from 'katex';
import { formulaKey, formulasOf, TYPESETTER_VERSION } from '@exemplar/shared/math';
import { describe, expect, it } from 'vitest';
import { typesetCatalogue, typesetStore } from '../src/modules/catalogue/examples';
import { useTestApp } from './helpers/test-app';
import { engineUnderTest } from './helpers/test-db';

/**
 * Maths typeset once (docs/decisions/052-typeset-once.md): an example's formulas are typeset when
 * it is imported or saved and kept in typeset_formulas; the server render (the real server bundle,
 * apps/web/dist-server) uses them instead of KaTeX and gives the same markup as typesetting afresh;
 * formulas typeset under another typesetter version are never used.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const WEB_DIST_DIR = path.join(repoRoot, 'apps/web/dist');
const SERVER_BUNDLE = path.join(repoRoot, 'apps/web/dist-server/entry-server.js');
if (!fs.existsSync(SERVER_BUNDLE)) {
  throw new Error(`${SERVER_BUNDLE} is missing: run node scripts/web-build.mjs first.`);
}

interface Store {
  read(keys: Iterable<string>): Promise<Map<string, string>>;
  write(typeset: ReadonlyMap<string, string>): Promise<void>;
}
interface Rendered {
  body: string;
  state: unknown;
  passes: number;
  formulas: { kept: number; typeset: number };
}
interface Bundle {
  render(
    url: string,
    transport: typeof fetch,
    origin: string,
    options: { tryFirst: boolean },
    store?: Store,
  ): Promise<Rendered>;
  richTextCache: { clear(): void };
}

/** A store that keeps nothing: every formula typeset by the render itself. */
const nothingKept: Store = { read: async () => new Map(), write: async () => undefined };

describe(`typeset once on ${engineUnderTest}`, () => {
  const api = useTestApp({
    seed: 'demo',
    listen: true,
    users: ['admin'],
    env: { WEB_DIST_DIR },
  });
  const db = () => api.app.database.db;
  const keysOf = (...texts: string[]) => new Set(texts.flatMap((t) => [...formulasOf(t).keys()]));
  const bundle = async () => (await import(pathToFileURL(SERVER_BUNDLE).href)) as Bundle;
  const transport: typeof fetch = (input, init) =>
    fetch(new URL(input instanceof Request ? input.url : String(input), api.base), init);

  it("an import typesets every example's formulas and keeps them", async () => {
    const examples = await db()
      .selectFrom('examples')
      .select(['question', 'answer', 'procedure'])
      .execute();
    const keys = keysOf(...examples.flatMap((e) => [e.question, e.answer, e.procedure ?? '']));
    expect(keys.size).toBeGreaterThan(50);
    const kept = await typesetStore(db()).read(keys);
    // All but those KaTeX refuses (drawn as errors, not kept): the demo catalogue has none.
    expect([...keys].filter((k) => !kept.has(k))).toEqual([]);
  });

  it("an editor's save typesets the example's new formulas", async () => {
    const question = 'Find $\\int_0^{7} t^{3}\\,dt$ exactly.';
    const answer = '$$\\frac{7^4}{4} = 600.25$$';
    const keys = keysOf(question, answer);
    expect(keys.size).toBe(2);
    expect((await typesetStore(db()).read(keys)).size).toBe(0);
    const { categoryId, difficultyId, typeId } = await anyPlace();
    const res = await api.request('POST', '/examples', {
      as: api.users.admin,
      payload: { question, answer, procedure: 'Integrate.', categoryId, difficultyId, typeId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const kept = await typesetStore(db()).read(keys);
    expect(kept.size).toBe(2);
    expect(kept.get(formulaKey('\\frac{7^4}{4} = 600.25', true))).toContain('katex-display');
  });

  it('a server render uses the kept formulas and writes the same page as typesetting afresh', async () => {
    const { render, richTextCache } = await bundle();
    const { id } = await db()
      .selectFrom('examples')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const url of [`/examples/${id}`, '/examples']) {
      richTextCache.clear();
      const kept = await render(url, transport, api.base, { tryFirst: false }, typesetStore(db()));
      expect(kept.formulas.kept, url).toBeGreaterThan(5);
      expect(kept.formulas.typeset, url).toBe(0);
      richTextCache.clear();
      const fresh = await render(url, transport, api.base, { tryFirst: false }, nothingKept);
      expect(fresh.formulas.typeset, url).toBeGreaterThan(5);
      expect(kept.body, url).toBe(fresh.body);
      expect(kept.state, url).toEqual(fresh.state);
      expect(kept.passes, url).toBe(1);
    }
    // And the kept HTML is what the page holds (not KaTeX's output made again).
    const example = (await api.request('GET', `/examples/${id}`)).body.data.example;
    const [first] = formulasOf(example.question).keys();
    richTextCache.clear();
    const marked = await render(
      `/examples/${id}`,
      transport,
      api.base,
      { tryFirst: false },
      {
        read: async () => new Map([[first!, '<span class="kept-marker"></span>']]),
        write: nothingKept.write,
      },
    );
    expect(marked.body).toContain('<span class="kept-marker"></span>');
  });

  it('a render keeps the formulas it had to typeset, for the next one', async () => {
    const { render, richTextCache } = await bundle();
    const { id } = await db()
      .selectFrom('examples')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await db().deleteFrom('typeset_formulas').execute();
    richTextCache.clear();
    const first = await render(
      `/examples/${id}`,
      transport,
      api.base,
      { tryFirst: false },
      typesetStore(db()),
    );
    expect(first.formulas).toMatchObject({ kept: 0 });
    expect(first.formulas.typeset).toBeGreaterThan(0);
    richTextCache.clear();
    const second = await render(
      `/examples/${id}`,
      transport,
      api.base,
      { tryFirst: false },
      typesetStore(db()),
    );
    expect(second.formulas.typeset).toBe(0);
    expect(second.body).toBe(first.body);
  });

  it('formulas typeset under another typesetter version are never used, and a pass replaces them', async () => {
    // The version names KaTeX's: an upgrade of KaTeX is a new version by itself.
    expect(TYPESETTER_VERSION).toContain(katex.version);
    const key = formulaKey('\\sqrt{2}\\approx 1.41421', false);
    const older = 'katex 0.0.1; exemplar 0';
    const olderRow = createHash('sha256').update(`${older}\u0000${key}`).digest('hex');
    await db()
      .insertInto('typeset_formulas')
      .values({ key: olderRow, typesetter: older, html: '<span>stale</span>' })
      .execute();
    expect((await typesetStore(db()).read([key])).size).toBe(0);
    const { stale } = await typesetCatalogue(db());
    expect(stale).toBe(1);
    const left = await db()
      .selectFrom('typeset_formulas')
      .select('typesetter')
      .distinct()
      .execute();
    expect(left.map((r) => r.typesetter)).toEqual([TYPESETTER_VERSION]);
  });

  async function anyPlace() {
    const [category, difficulty, type] = await Promise.all([
      db().selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow(),
      db().selectFrom('difficulties').select('id').orderBy('id').executeTakeFirstOrThrow(),
      db().selectFrom('types').select('id').orderBy('id').executeTakeFirstOrThrow(),
    ]);
    return { categoryId: category.id, difficultyId: difficulty.id, typeId: type.id };
  }
});
