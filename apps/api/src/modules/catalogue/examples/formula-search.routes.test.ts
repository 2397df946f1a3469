import { formulaStructureTokens } from '@exemplar/shared/search';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/test-app';

// Formula search (ADR 050) over real HTTP, on SQLite and on PostgreSQL when DATABASE_URL is set:
// examples saved through the API, found by the structure of a formula typed with other letters
// and numbers.
const api = useTestApp({ catalogue: true, users: ['admin'], listen: true });
const { cat } = api;

async function save(question: string, answer: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await api.request('POST', '/examples', {
    as: 'admin',
    payload: {
      question,
      answer,
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.linear,
      ...extra,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return (body.data.example as { id: number }).id;
}

async function search(q: string, extra = '', headers: Record<string, string> = {}) {
  const limit = extra.includes('limit=') ? '' : '&limit=20';
  const res = await fetch(`${api.base}/api/examples?q=${encodeURIComponent(q)}${limit}${extra}`, {
    headers,
  });
  expect(res.status, q).toBe(200);
  const body = (await res.json()) as {
    data: { examples: { id: number }[]; total: number; nextCursor: string | null };
  };
  return { ids: body.data.examples.map((e) => e.id), ...body.data };
}

describe('formula search', () => {
  it('finds examples by the structure of their formulas, the closest first', async () => {
    const parts = await save(
      String.raw`Find $\displaystyle \int x e^{2x}\,dx$.`,
      String.raw`$\left(\frac{x}{2}-\frac{1}{4}\right)e^{2x}+C$`,
    );
    const other = await save(
      String.raw`Find $\int x^2 \sin x\,dx$.`,
      String.raw`$2x\sin x-(x^2-2)\cos x+C$`,
    );
    const quadratic = await save('Solve $x^2 - 9x + 20 = 0$.', '$x = 4$ or $x = 5$');
    // The small catalogue's quadratic: Solve the quadratic $x^2 - 5x + 6 = 0$.
    const catalogueQuadratic = cat.ex.quadEasy;
    const otherQuadratic = await save('Factorise $t^2 + 4t - 21$.', '$(t+7)(t-3)$');
    const fraction = await save(
      String.raw`Simplify $\frac{a}{b} + \frac{c}{d}$.`,
      String.raw`$\frac{ad+bc}{bd}$`,
    );

    // Another exponent, no thin space: the integral by parts of x e^{kx} first.
    const integral = await search(String.raw`\int x e^{3x}dx`);
    expect(integral.ids[0]).toBe(parts);
    expect(integral.ids).not.toContain(quadratic);
    expect((await search(String.raw`$\int t\,e^{5t}\,dt$`)).ids[0]).toBe(parts);
    // An integral of another make-up matches less of it: after, if at all.
    expect(integral.ids.indexOf(other)).not.toBe(0);

    // A quadratic with other numbers finds the quadratics, not the integrals.
    const quadratics = await search('x^2-7x+12');
    expect(quadratics.ids.slice(0, 3).sort((a, b) => a - b)).toEqual(
      [catalogueQuadratic, quadratic, otherQuadratic].sort((a, b) => a - b),
    );
    expect(quadratics.ids).not.toContain(parts);
    expect(quadratics.total).toBe(quadratics.ids.length);
    // The same numbers break the tie: x^2 - 9x + 20 is that example's own.
    expect((await search('y^2 - 9y + 20')).ids[0]).toBe(quadratic);
    expect((await search('y^2 - 5y + 6')).ids[0]).toBe(catalogueQuadratic);
    expect((await search('t^2 + 4t - 21')).ids[0]).toBe(otherQuadratic);

    // Bare LaTeX with renamed letters.
    expect((await search(String.raw`\frac{p}{q}`)).ids[0]).toBe(fraction);

    // Words with the formula rank the matches: the one whose text holds them first.
    const factorise = (await search('factorise x^2 + 2x - 8')).ids;
    expect(factorise.slice(0, 2).sort((a, b) => a - b)).toEqual(
      [catalogueQuadratic, otherQuadratic].sort((a, b) => a - b),
    );
    expect(factorise[2]).toBe(quadratic);
    const solve = (await search('solve x^2 + 2x - 8 = 0')).ids;
    expect(solve.slice(0, 2).sort((a, b) => a - b)).toEqual(
      [catalogueQuadratic, quadratic].sort((a, b) => a - b),
    );
  });

  it('keeps drafts hidden from visitors, and finds an edited formula by its new structure', async () => {
    const draft = await save(String.raw`Evaluate $\lim_{x\to 0}\frac{\sin 3x}{x}$.`, '$3$', {
      status: 'draft',
    });
    const published = await save(String.raw`Evaluate $\lim_{x\to 0}\frac{\sin 4x}{x}$.`, '$4$');
    const q = String.raw`\lim_{t \to 0} \frac{\sin 7t}{t}`;
    const seen = await search(q);
    expect(seen.ids).not.toContain(draft);
    expect(seen.ids).toContain(published);
    const admin = await api.as('admin');
    const asEditor = await search(q, '&status=all', admin.auth);
    expect(asEditor.ids.slice(0, 2)).toEqual([draft, published]);

    // Edited: the index follows the new formula.
    const edited = await api.request('PUT', `/examples/${published}`, {
      as: 'admin',
      payload: {
        question: String.raw`Evaluate $\sqrt{16 - x^2}$ at $x = 2$.`,
        answer: String.raw`$2\sqrt{3}$`,
        difficultyId: cat.easy,
        typeId: cat.worked,
        categoryId: cat.linear,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await search(q)).ids).not.toContain(published);
    expect((await search(String.raw`\sqrt{25-y^2}`)).ids[0]).toBe(published);
  });

  it('places an example within a formula search as the list orders it, and pages on', async () => {
    for (let k = 2; k <= 4; k++)
      await save(`Solve $x^2 - ${k + 1}x + ${k} = 0$.`, `$x = 1$ or $x = ${k}$`);
    const first = await search('x^2 - 9x + 8 = 0', '&limit=2');
    expect(first.ids).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const next = await search(
      'x^2 - 9x + 8 = 0',
      `&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(next.ids).toHaveLength(2);
    expect(next.ids.some((id) => first.ids.includes(id))).toBe(false);
    const all = (await search('x^2 - 9x + 8 = 0')).ids;
    expect(all.slice(0, 4)).toEqual([...first.ids, ...next.ids]);
    const res = await fetch(
      `${api.base}/api/examples/${all[1]}/position?q=${encodeURIComponent('x^2 - 9x + 8 = 0')}`,
    );
    const { data } = (await res.json()) as {
      data: { position: number; previousId: number | null; nextId: number | null };
    };
    expect(data).toMatchObject({ position: 2, previousId: all[0], nextId: all[2] ?? null });
  });

  it("keeps a formula search to the list's other filters and the caller's marks; random picks and worksheets draw from it", async () => {
    const q = 'y^2 - 11y + 30 = 0';
    const inLinear = await save('Solve $t^2 - 7t + 12 = 0$.', '$t = 3$ or $t = 4$');
    const inQuadratics = await save('Solve $u^2 - 9u + 20 = 0$.', '$u = 4$ or $u = 5$', {
      categoryId: cat.quadratics,
    });
    const all = (await search(q)).ids;
    expect(all).toEqual(expect.arrayContaining([inLinear, inQuadratics]));
    const linearOnly = await search(q, `&categoryId=${cat.linear}`);
    expect(linearOnly.ids).toContain(inLinear);
    expect(linearOnly.ids).not.toContain(inQuadratics);
    expect(linearOnly.total).toBe(linearOnly.ids.length);

    const learner = await api.as('basic');
    expect(
      (await api.request('PUT', `/examples/${inQuadratics}/like`, { as: learner })).status,
    ).toBe(200);
    const liked = await search(q, '&liked=true', learner.auth);
    expect(liked).toMatchObject({ ids: [inQuadratics], total: 1 });
    expect((await search(q, '&liked=false', learner.auth)).ids).not.toContain(inQuadratics);

    const random = await api.request(
      'GET',
      `/examples/random?q=${encodeURIComponent(q)}&liked=true`,
      { as: learner },
    );
    expect(random.body.data).toMatchObject({
      example: { id: inQuadratics },
      position: { position: 1, total: 1 },
    });
    const sheet = await api.request(
      'GET',
      `/examples/worksheet?q=${encodeURIComponent(q)}&categoryId=${cat.linear}&count=50&seed=s1`,
    );
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.total).toBe(linearOnly.total);
    expect((sheet.body.data.examples as { id: number }[]).map((e) => e.id).sort()).toEqual(
      [...linearOnly.ids].sort(),
    );
  });

  it('stores each example’s structure tokens and drops them with the example', async () => {
    const db = api.app.database.db;
    const id = await save(String.raw`Find $\int x e^{2x}\,dx$ once more.`, '$1$');
    const stored = await db
      .selectFrom('example_formula_tokens')
      .select('token')
      .where('example_id', '=', id)
      .execute();
    const tokens = stored.map((r) => r.token);
    for (const t of formulaStructureTokens(String.raw`\int v e^{7v}\,dv`))
      expect(tokens).toContain(t);
    expect(tokens).toContain('#2');
    await db.deleteFrom('examples').where('id', '=', id).execute();
    expect(
      await db
        .selectFrom('example_formula_tokens')
        .select('token')
        .where('example_id', '=', id)
        .execute(),
    ).toEqual([]);
  });
});

describe('formula search under hostile maths', () => {
  it('saves and finds an example whose maths nests thousands deep, and answers such a query', async () => {
    const deep = `$${'{'.repeat(5000)}x${'}'.repeat(5000)}$`;
    const roots = `$${'\\sqrt{'.repeat(1000)}y$`;
    const id = await save(`Deeply nested ${deep} and ${roots}: what is inside?`, deep);
    // The words still find it; the maths query is read, not a server error.
    expect((await search('deeply nested inside')).ids).toContain(id);
    await search(`${'{'.repeat(90)}x${'}'.repeat(90)}`);
    await search('\\sqrt{'.repeat(30));
  });
});
