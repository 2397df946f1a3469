// A synthetic catalogue for the bench: 10 subjects × 100 categories (10 main, 90 below them)
// = 1,000 categories, 4 difficulties, 4 types, and N examples spread evenly over every category,
// 2% of them drafts (DRAFT_EVERY) unless asked for all published; their texts the bench's own
// (benchExampleTexts) or the caller's.
import { questionKey } from '@exemplar/shared/math';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema';
import {
  searchColumnsReader,
  writeFormulaTokens,
} from '../../apps/api/src/modules/catalogue/examples';

const WORDS =
  'solve evaluate prove simplify factor expand integrate differentiate estimate compute sketch find show determine bound'.split(
    ' ',
  );
const TOPICS =
  'triangle circle polynomial sequence matrix vector probability limit series function angle prime parabola tangent'.split(
    ' ',
  );

/**
 * One example in DRAFT_EVERY is a draft, the rest published: every 50th example, the count shifted
 * by one at each pass over the categories (examples go to the categories in turn), so the drafts
 * fall in every category (2 of each category's 100 examples at 100,000), not all in 20 of them.
 */
export const DRAFT_EVERY = 50;
export const isDraft = (i: number, categories: number) =>
  (i + Math.floor(i / categories)) % DRAFT_EVERY === DRAFT_EVERY - 1;

/** The question, answer and procedure of one generated example. */
export interface ExampleTexts {
  question: string;
  answer: string;
  procedure: string | null;
}

/**
 * The bench's i-th example: a quadratic to solve, its question numbered (no two are equal), one in
 * five without a procedure.
 */
function benchExampleTexts(i: number): ExampleTexts {
  const word = WORDS[i % WORDS.length]!;
  const topic = TOPICS[(i * 5) % TOPICS.length]!;
  const a = (i % 9) + 1;
  const b = (i % 13) - 6;
  return {
    question: `${word[0]!.toUpperCase()}${word.slice(1)} the ${topic} problem number ${i + 1}: given $f(x) = ${a}x^2 ${b < 0 ? '-' : '+'} ${Math.abs(b)}x + ${i % 17}$, find the roots of $f$ and the value of $f(${a})$.`,
    answer: `$$x = \\frac{${-b} \\pm \\sqrt{${b * b - 4 * a * (i % 17)}}}{${2 * a}}$$ and $f(${a}) = ${a * a * a + b * a + (i % 17)}$.`,
    procedure:
      i % 5 === 0
        ? null
        : `Use the quadratic formula with $a = ${a}$, $b = ${b}$, $c = ${i % 17}$. Then substitute $x = ${a}$ into $f$ directly.`,
  };
}

export interface GenerateOptions {
  /** The i-th example's texts: benchExampleTexts unless given. */
  texts?: (i: number) => ExampleTexts;
  /** One example in DRAFT_EVERY a draft (isDraft), the default; false: every example published. */
  drafts?: boolean;
}

/**
 * Inserts the catalogue and `examples` examples, 500 a statement, each with its search document and
 * formula index written as an import writes them (searchColumnsReader, writeFormulaTokens), so
 * search rows measure real data. The i-th example has `texts(i)`, difficulty i mod 4, type (i ÷ 4)
 * mod 4 and category i mod 1,000 (of the categories in the order made).
 */
export async function generateCatalogue(
  db: Kysely<Database>,
  examples: number,
  { texts = benchExampleTexts, drafts = true }: GenerateOptions = {},
) {
  const at = new Date('2026-01-01T00:00:00Z').toISOString();
  const stamp = { created_at: at, updated_at: at };
  const difficultyIds: number[] = [];
  for (const [rank, name] of ['easy', 'intermediate', 'hard', 'insane'].entries()) {
    difficultyIds.push(
      (
        await db
          .insertInto('difficulties')
          .values({ name, description: '', rank, ...stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const typeIds: number[] = [];
  for (const name of ['Worked Example', 'Proof', 'Word Problem', 'Multiple Choice']) {
    typeIds.push(
      (
        await db
          .insertInto('types')
          .values({ name, description: '', ...stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const categoryIds: number[] = [];
  const mainCategoryIds: number[] = [];
  for (let s = 0; s < 10; s++) {
    const subjectId = (
      await db
        .insertInto('subjects')
        .values({ name: `Subject ${s + 1}`, description: `Bench subject ${s + 1}`, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (let m = 0; m < 10; m++) {
      const mainId = (
        await db
          .insertInto('categories')
          .values({
            subject_id: subjectId,
            parent_id: null,
            name: `Topic ${s + 1}.${m + 1}`,
            description: 'A main category',
            position: m,
            ...stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      categoryIds.push(mainId);
      mainCategoryIds.push(mainId);
      const children = Array.from({ length: 9 }, (_, c) => ({
        subject_id: subjectId,
        parent_id: mainId,
        name: `Topic ${s + 1}.${m + 1}.${c + 1}`,
        description: 'A subcategory',
        position: c,
        ...stamp,
      }));
      const rows = await db.insertInto('categories').values(children).returning('id').execute();
      categoryIds.push(...rows.map((r) => r.id));
    }
  }
  const searchColumnsOf = await searchColumnsReader(db);
  let batch: Insertable<Database['examples']>[] = [];
  const insert = async () => {
    const made = await db.insertInto('examples').values(batch).returning('id').execute();
    await writeFormulaTokens(
      db,
      made.map(({ id }, k) => ({ id, ...batch[k]!, procedure: batch[k]!.procedure ?? null })),
    );
    batch = [];
  };
  for (let i = 0; i < examples; i++) {
    const { question, answer, procedure } = texts(i);
    const category_id = categoryIds[i % categoryIds.length]!;
    batch.push({
      ...searchColumnsOf({ question, answer, procedure, category_id }),
      question,
      question_key: questionKey(question),
      answer,
      procedure,
      difficulty_id: difficultyIds[i % 4]!,
      type_id: typeIds[(i >> 2) % 4]!,
      category_id,
      status:
        drafts && isDraft(i, categoryIds.length) ? ('draft' as const) : ('published' as const),
      created_by: null,
      created_at: at,
      updated_at: at,
    });
    if (batch.length === 500) await insert();
  }
  if (batch.length) await insert();
  return { mainCategoryIds, categoryIds, difficultyIds, typeIds };
}

/**
 * Example-list queries that are all different from each other, in a shuffled order: each one
 * asks for a category, with a two-word search half of the time, a difficulty 60% of the time and
 * a page size from 1 to 100. No two share their filters (the page size aside), so every request of
 * a "cold" measurement runs both its page and its total queries: no cache can answer it.
 */
export function coldQueries(
  count: number,
  ids: { categoryIds: number[]; difficultyIds: number[] },
  seed = 1,
): string[] {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const seen = new Set<string>();
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const params = new URLSearchParams();
    params.set('categoryId', String(pick(ids.categoryIds)));
    if (random() < 0.5) params.set('q', `${pick(WORDS)} ${pick(TOPICS)}`);
    if (random() < 0.6) params.set('difficultyId', String(pick(ids.difficultyIds)));
    const filters = params.toString();
    if (seen.has(filters)) continue;
    seen.add(filters);
    params.set('limit', String(1 + Math.floor(random() * 100)));
    out.push(`/api/examples?${params}`);
  }
  if (out.length < count) throw new Error(`only ${out.length} distinct queries for ${count}`);
  return out;
}

/**
 * Searches over the whole catalogue, each asked once: `word` queries are two of the generated
 * questions' words and a number (`solve parabola 1234`), `formula` queries a quadratic with other
 * numbers each time (`x^2-7x+12`, then `x^2-7x+13`, ...), read by its structure. None is a cache
 * hit, so each runs its search's page and total queries.
 */
export function coldSearches(count: number, kind: 'word' | 'formula'): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const q =
      kind === 'word'
        ? `${WORDS[i % WORDS.length]} ${TOPICS[(i * 3) % TOPICS.length]} ${i + 1}`
        : `x^2-${(i % 997) + 1}x+${Math.floor(i / 997) + 1}`;
    out.push(`/api/examples?q=${encodeURIComponent(q)}`);
  }
  return out;
}

/** Numbers in [0, 1) from `seed`, the same sequence every run (xorshift32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** `items` in an order drawn from `seed` (Fisher-Yates): the same order every run. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** How many of `examples` generated examples are drafts. */
export function draftCount(examples: number, categories = 1000) {
  let n = 0;
  for (let i = 0; i < examples; i++) if (isDraft(i, categories)) n++;
  return n;
}
