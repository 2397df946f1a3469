// A synthetic catalogue for the bench: 10 subjects × 100 categories (10 main, 90 below them)
// = 1,000 categories, 4 difficulties, 4 types, and N examples spread evenly over every category.
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema';

const WORDS =
  'solve evaluate prove simplify factor expand integrate differentiate estimate compute sketch find show determine bound'.split(
    ' ',
  );
const TOPICS =
  'triangle circle polynomial sequence matrix vector probability limit series function angle prime parabola tangent'.split(
    ' ',
  );

export async function generateCatalogue(db: Kysely<Database>, examples: number) {
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
  let batch = [];
  for (let i = 0; i < examples; i++) {
    const word = WORDS[i % WORDS.length]!;
    const topic = TOPICS[(i * 5) % TOPICS.length]!;
    const a = (i % 9) + 1;
    const b = (i % 13) - 6;
    batch.push({
      question: `${word[0]!.toUpperCase()}${word.slice(1)} the ${topic} problem number ${i + 1}: given $f(x) = ${a}x^2 ${b < 0 ? '-' : '+'} ${Math.abs(b)}x + ${i % 17}$, find the roots of $f$ and the value of $f(${a})$.`,
      answer: `$$x = \\frac{${-b} \\pm \\sqrt{${b * b - 4 * a * (i % 17)}}}{${2 * a}}$$ and $f(${a}) = ${a * a * a + b * a + (i % 17)}$.`,
      procedure:
        i % 5 === 0
          ? null
          : `Use the quadratic formula with $a = ${a}$, $b = ${b}$, $c = ${i % 17}$. Then substitute $x = ${a}$ into $f$ directly.`,
      difficulty_id: difficultyIds[i % 4]!,
      type_id: typeIds[(i >> 2) % 4]!,
      category_id: categoryIds[i % categoryIds.length]!,
      created_by: null,
      created_at: at,
      updated_at: at,
    });
    if (batch.length === 500) {
      await db.insertInto('examples').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length) await db.insertInto('examples').values(batch).execute();
  return { mainCategoryIds, difficultyIds };
}
