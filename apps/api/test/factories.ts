import type { Kysely } from 'kysely';
import { questionKey } from '@exemplar/shared/math';
import type { Database } from '../src/db/schema';
import { refreshSearchDocuments } from '../src/modules/catalogue/examples';

const stamp = (n = 0) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

export async function insertSubject(db: Kysely<Database>, name: string, description = '') {
  return (
    await db
      .insertInto('subjects')
      .values({ name, description, created_at: stamp(), updated_at: stamp() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function insertCategory(
  db: Kysely<Database>,
  subjectId: number,
  name: string,
  parentId: number | null = null,
  position = 0,
) {
  return (
    await db
      .insertInto('categories')
      .values({
        subject_id: subjectId,
        parent_id: parentId,
        name,
        description: `About ${name}`,
        position,
        created_at: stamp(),
        updated_at: stamp(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function insertNamed(
  db: Kysely<Database>,
  table: 'types' | 'difficulties',
  name: string,
  rank = 0,
) {
  const values = { name, description: `${name} ones`, created_at: stamp(), updated_at: stamp() };
  const row =
    table === 'difficulties'
      ? await db
          .insertInto('difficulties')
          .values({ ...values, rank })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await db.insertInto('types').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertExample(
  db: Kysely<Database>,
  e: {
    categoryId: number;
    difficultyId: number;
    typeId: number;
    question?: string;
    answer?: string;
    procedure?: string | null;
    n?: number;
  },
) {
  const values = {
    question: e.question ?? 'What is $1+1$?',
    answer: e.answer ?? '$2$',
    procedure: e.procedure ?? null,
    category_id: e.categoryId,
    difficulty_id: e.difficultyId,
    type_id: e.typeId,
  };
  const { id } = await db
    .insertInto('examples')
    .values({
      ...values,
      question_key: questionKey(values.question),
      created_by: null,
      created_at: stamp(e.n ?? 0),
      updated_at: stamp(e.n ?? 0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its search document, as every save writes it.
  await refreshSearchDocuments(db, { ids: [id] });
  // Its version 1, as migration 009 gives every example saved before history was kept.
  await db
    .insertInto('example_versions')
    .values({ ...values, example_id: id, version: 1, edited_at: stamp(e.n ?? 0), action: 'create' })
    .execute();
  return id;
}

/**
 * A small catalogue with a three-level tree:
 * Algebra > Equations > Quadratics, Algebra > Equations > Linear, Algebra > Sequences; Geometry > Circles.
 */
export async function smallCatalogue(db: Kysely<Database>) {
  const algebra = await insertSubject(db, 'Algebra', 'Symbols and rules');
  const geometry = await insertSubject(db, 'Geometry', 'Shapes');
  const equations = await insertCategory(db, algebra, 'Equations', null, 0);
  const sequences = await insertCategory(db, algebra, 'Sequences', null, 1);
  const quadratics = await insertCategory(db, algebra, 'Quadratics', equations, 0);
  const linear = await insertCategory(db, algebra, 'Linear', equations, 1);
  const circles = await insertCategory(db, geometry, 'Circles', null, 0);
  const easy = await insertNamed(db, 'difficulties', 'easy', 0);
  const hard = await insertNamed(db, 'difficulties', 'hard', 1);
  const worked = await insertNamed(db, 'types', 'Worked Example');
  const proof = await insertNamed(db, 'types', 'Proof');
  const ex = {
    quadEasy: await insertExample(db, {
      categoryId: quadratics,
      difficultyId: easy,
      typeId: worked,
      question: 'Solve the quadratic $x^2 - 5x + 6 = 0$.',
      answer: '$x = 2$ or $x = 3$',
      procedure: 'Factorise: $(x-2)(x-3)=0$.',
      n: 1,
    }),
    quadHard: await insertExample(db, {
      categoryId: quadratics,
      difficultyId: hard,
      typeId: proof,
      question: 'Prove the discriminant test for real roots.',
      answer: 'Roots are real iff $b^2 - 4ac \\ge 0$.',
      n: 2,
    }),
    linear: await insertExample(db, {
      categoryId: linear,
      difficultyId: easy,
      typeId: worked,
      question: 'Solve $2x + 3 = 11$.',
      answer: '$x = 4$',
      n: 3,
    }),
    equationsTop: await insertExample(db, {
      categoryId: equations,
      difficultyId: hard,
      typeId: worked,
      question: 'Solve the simultaneous equations $x+y=3$, $x-y=1$.',
      answer: '$x=2, y=1$',
      n: 4,
    }),
    sequence: await insertExample(db, {
      categoryId: sequences,
      difficultyId: easy,
      typeId: worked,
      question: 'Find the 10th term of the arithmetic sequence $3, 7, 11, \\dots$',
      answer: '$39$',
      n: 5,
    }),
    circle: await insertExample(db, {
      categoryId: circles,
      difficultyId: easy,
      typeId: worked,
      question: 'Find the area of a circle of radius $3$.',
      answer: '$9\\pi$',
      n: 6,
    }),
  };
  return {
    algebra,
    geometry,
    equations,
    sequences,
    quadratics,
    linear,
    circles,
    easy,
    hard,
    worked,
    proof,
    ex,
  };
}

/** A body for POST or PUT /api/examples: an easy worked example in the small catalogue's Linear. */
export function exampleBody(
  cat: Pick<Awaited<ReturnType<typeof smallCatalogue>>, 'easy' | 'worked' | 'linear'>,
  question: string,
  answer: string,
) {
  return { question, answer, difficultyId: cat.easy, typeId: cat.worked, categoryId: cat.linear };
}

/**
 * An exemplar-catalogue file (as POST /api/admin/import takes it) holding one easy worked example
 * in the category `path` (names from the top) of `subject`.
 */
export function oneExampleCatalogue(
  subject: string,
  path: [string, ...string[]],
  example: { question: string; answer: string },
) {
  type Node = { name: string; children?: Node[] };
  const tree = path.reduceRight<Node[] | undefined>(
    (children, name) => [children ? { name, children } : { name }],
    undefined,
  )!;
  return {
    format: 'exemplar-catalogue',
    version: 1,
    subjects: [{ name: subject, categories: tree }],
    difficulties: [{ name: 'easy' }],
    types: [{ name: 'Worked Example' }],
    examples: [{ subject, category: path, difficulty: 'easy', type: 'Worked Example', ...example }],
  };
}

/**
 * A hostile field just under the 50,000-character limit: thousands of unclosed `\(` (each one made
 * an old checker scan to the end of the text) and a few hundred expressions KaTeX must typeset,
 * each different (the maths thread remembers the verdict on an expression it has seen). An import
 * refuses it with five problems listed and "9995 more".
 */
export const unclosedDelimitersField = (i: number) =>
  `Record ${i}: ` +
  '\\( '.repeat(10_000) +
  Array.from(
    { length: 200 },
    (_, k) => `so $\\frac{x^2+${i * 200 + k}}{y_i} = \\sqrt{z}$ and `,
  ).join('');

/**
 * `count` examples of one shape (simplify a fraction, with maths in the question, answer and
 * procedure), numbered by their place, in a new category "Many", written 200 rows at a time and
 * without versions or search documents: a bulk catalogue for the health run's long tests.
 */
export async function insertManyExamples(
  db: Kysely<Database>,
  count: number,
  ids: { subject: number; easy: number; worked: number },
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    question: `Simplify $\\frac{${i}x^2 + ${i + 1}x}{x} - \\sqrt{${i + 2}}$ for $x \\ne 0$.`,
    answer: `$${i}x + ${i + 1} - \\sqrt{${i + 2}}$`,
    procedure: `Divide each term by $x$: $$\\frac{${i}x^2}{x} = ${i}x, \\quad \\frac{${i + 1}x}{x} = ${i + 1}.$$ Then $\\sum_{k=1}^{${i + 3}} k = \\binom{${i + 4}}{2}$ is not needed.`,
  }));
  const category = await insertCategory(db, ids.subject, 'Many');
  const at = new Date().toISOString();
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('examples')
      .values(
        rows.slice(i, i + 200).map((r) => ({
          ...r,
          question_key: questionKey(r.question),
          category_id: category,
          difficulty_id: ids.easy,
          type_id: ids.worked,
          created_by: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  return category;
}
