import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fail, fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, sampleCatalogue } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

/** The admin screen at `url`, signed in as an admin. */
const renderAdmin = (url = '/admin') => renderApp(url, { routes: adminRoutes, as: 'admin' });

/** Picks `option` in the form's select labelled `label` (the page behind has filters too). */
async function chooseOption(label: string, option: string | RegExp) {
  const form = within(screen.getByRole('dialog'));
  fireEvent.click(form.getByRole('combobox', { name: label }));
  fireEvent.click(await form.findByRole('option', { name: option }));
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

const dialog = () => screen.getByRole('dialog');

describe('/admin add and edit forms', { timeout: 30_000 }, () => {
  it('requires a name (subjects, difficulties, types): nothing is sent without one', async () => {
    const { calls } = fakeApi(catalogueRoutes());
    renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Add subject' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add subject' })).toBeTruthy();
    type(/^Name/, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Create subject' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('saves a new subject: the form closes, the lists reload, browse caches are invalidated', async () => {
    const state = sampleCatalogue();
    const { callsTo } = fakeApi(catalogueRoutes(state));
    const { queryClient } = renderAdmin();
    // What only the /examples screen has cached (the subjects list is one cache entry for both
    // screens: the admin tab's own, reloaded below).
    queryClient.setQueryData(['catalogue', 'categories', 'tree'], []);
    queryClient.setQueryData(['examples', 'list', {}], { pages: [], pageParams: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add subject' }));
    type(/^Name/, '  Calculus ');
    type('Description', 'Limits and change.');
    fireEvent.click(screen.getByRole('button', { name: 'Create subject' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /subjects')[0]!.body).toEqual({
      name: 'Calculus',
      description: 'Limits and change.',
    });
    expect(state.subjects.map((s) => s.name)).toContain('Calculus');
    expect(await screen.findByRole('cell', { name: 'Calculus' })).toBeTruthy();
    expect(callsTo('GET /subjects').length).toBe(2);
    expect(queryClient.getQueryState(['catalogue', 'categories', 'tree'])?.isInvalidated).toBe(
      true,
    );
    expect(
      queryClient.getQueryData<{ name: string }[]>(['catalogue', 'subjects'])?.map((s) => s.name),
    ).toContain('Calculus');
    expect(queryClient.getQueryState(['examples', 'list', {}])?.isInvalidated).toBe(true);
    expect(await screen.findByText('Subject created.')).toBeTruthy();
  });

  it('edits in edit mode: the form starts with the values and sends PUT', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=difficulties');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit hard' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit difficulty' })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
    expect(name.value).toBe('hard');
    type(/^Name/, 'very hard');
    fireEvent.change(screen.getByRole('textbox', { name: /^Rank/ }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /difficulties/2')[0]!.body).toEqual({
      name: 'very hard',
      description: '',
      rank: 5,
    });
    expect(await screen.findByRole('cell', { name: 'very hard' })).toBeTruthy();
  });

  it("shows the server's field messages inline and 'Operation failed: {message}'", async () => {
    fakeApi({
      ...catalogueRoutes(),
      'POST /types': () =>
        fail(400, 'Name must be at most 50 characters.', 'ValidationError', {
          fields: { name: 'Name must be at most 50 characters.' },
        }),
    });
    renderAdmin('/admin?tab=types');
    fireEvent.click(await screen.findByRole('button', { name: 'Add type' }));
    type(/^Name/, 'Proof');
    fireEvent.click(screen.getByRole('button', { name: 'Create type' }));
    expect(
      await screen.findByText('Operation failed: Name must be at most 50 characters.'),
    ).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Name must be at most 50 characters.').length).toBe(1);
    // The form stays open with what was typed.
    expect((name as HTMLInputElement).value).toBe('Proof');
  });

  it('shows a 409 duplicate name as Operation failed', async () => {
    fakeApi({
      ...catalogueRoutes(),
      'POST /subjects': () => fail(409, 'A subject named "algebra" already exists.', 'Conflict'),
    });
    renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Add subject' }));
    type(/^Name/, 'algebra');
    fireEvent.click(screen.getByRole('button', { name: 'Create subject' }));
    expect(
      await screen.findByText('Operation failed: A subject named "algebra" already exists.'),
    ).toBeTruthy();
  });

  it('category: requires name and subject', async () => {
    const { calls } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Subject is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('category: the parent is chosen from the subject tree, never itself or its subcategories', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linear Equations › Systems' }));
    const parent = screen.getByRole('combobox', { name: 'Parent category' }) as HTMLInputElement;
    expect(parent.value).toBe('Linear Equations');
    fireEvent.click(parent);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // Algebra only; without Systems (itself) and Elimination (under it).
    expect(options).toEqual(['Linear Equations', 'Quadratics']);
    fireEvent.click(screen.getByRole('option', { name: 'Quadratics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /categories/11')[0]!.body).toEqual({
      name: 'Systems',
      description: '',
      subjectId: 1,
      parentId: 20,
    });
  });

  it('category: changing the subject clears the parent; a main category sends parentId null', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    const parent = screen.getByRole('combobox', { name: 'Parent category' }) as HTMLInputElement;
    expect(parent.disabled).toBe(true);
    await chooseOption('Subject', 'Algebra');
    await chooseOption('Parent category', 'Systems');
    expect(parent.value).toBe('Linear Equations › Systems');
    await chooseOption('Subject', 'Geometry');
    expect(parent.value).toBe('');
    type(/^Name/, 'Circles');
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /categories')[0]!.body).toEqual({
      name: 'Circles',
      description: '',
      subjectId: 2,
      parentId: null,
    });
  });

  it('example: requires difficulty, type, category, question and answer; procedure optional', async () => {
    const { calls } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Add example' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create example' }));
    for (const message of [
      'Difficulty is required.',
      'Type is required.',
      'Category is required.',
      'Question is required.',
      'Answer is required.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByText(/Procedure is/)).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('example: saves with the chosen ids and reloads the list', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Add example' }));
    await chooseOption('Subject', 'Algebra');
    await chooseOption('Category', 'Elimination');
    await chooseOption('Difficulty', 'hard');
    await chooseOption('Type', 'Worked Example');
    type(/^Question/, 'Solve $x^2 = 4$.');
    type(/^Answer/, '$x = \\pm 2$');
    fireEvent.click(screen.getByRole('button', { name: 'Create example' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /examples')[0]!.body).toEqual({
      question: 'Solve $x^2 = 4$.',
      answer: '$x = \\pm 2$',
      procedure: null,
      difficultyId: 2,
      typeId: 1,
      categoryId: 12,
      status: 'draft',
      answerSpec: null,
      testAnswers: [],
    });
    expect(await screen.findByText('Solve $x^2 = 4$.')).toBeTruthy();
    expect(screen.getByText('2 examples')).toBeTruthy();
  });

  it('example: a new one is a draft (marked in the table) until published; an edit keeps the status it has', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=examples');
    expect(callsTo('GET /examples')[0]!.query).toMatchObject({ status: 'all' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add example' }));
    const draft = screen.getByRole('radio', { name: 'Draft' }) as HTMLInputElement;
    expect(draft.checked).toBe(true);
    expect(screen.getByText(/Only editors see a draft/)).toBeTruthy();
    await chooseOption('Subject', 'Algebra');
    await chooseOption('Category', 'Elimination');
    await chooseOption('Difficulty', 'hard');
    await chooseOption('Type', 'Worked Example');
    type(/^Question/, 'Solve $x^3 = 8$.');
    type(/^Answer/, '$x = 2$');
    fireEvent.click(screen.getByRole('button', { name: 'Create example' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('Solve $x^3 = 8$.')).closest('tr')!;
    expect(within(row).getByText('Draft')).toBeTruthy();
    const published = screen.getByText('Solve $x + 1 = 2$.').closest('tr')!;
    expect(within(published).queryByText('Draft')).toBeNull();

    // Editing the draft offers its preview and keeps it a draft unless Published is chosen.
    fireEvent.click(within(row).getByRole('button', { name: /^Edit example/ }));
    expect(
      (screen.getByRole('link', { name: 'Preview as a learner' }) as HTMLAnchorElement).href,
    ).toMatch(/\/examples\/1000$/);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /examples/1000')[0]!.body).toMatchObject({ status: 'draft' });

    fireEvent.click(within(row).getByRole('button', { name: /^Edit example/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Published' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /examples/1000')[1]!.body).toMatchObject({ status: 'published' });
    await waitFor(() => expect(within(row).queryByText('Draft')).toBeNull());
  });

  it('example: the preview flags a broken expression and saving it needs a confirmation', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit example 1' }));
    type(/^Question/, 'Solve $\\notamacro{x} = 1$ and $y = 2$.');

    const preview = screen.getByRole('region', { name: 'Question preview' });
    await waitFor(() => expect(preview.textContent).toContain('(LaTeX Error)'));
    expect(preview.querySelector('.katex')).toBeTruthy(); // $y = 2$ still renders
    const problems = screen.getByRole('status', { name: 'Question maths problems' });
    expect(problems.textContent).toContain('Question has 1 expression that will not render.');
    expect(problems.textContent).toContain('$\\notamacro{x} = 1$');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Some maths will not render' });
    expect(callsTo('PUT /examples/1')).toHaveLength(0);
    fireEvent.click(within(warning).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /examples/1')[0]!.body).toMatchObject({
      question: 'Solve $\\notamacro{x} = 1$ and $y = 2$.',
      categoryId: 10,
    });
  });

  it('example: a repeated question shows the example it repeats with a link, and Save anyway resends with allowDuplicate', async () => {
    const { callsTo, on } = fakeApi(catalogueRoutes());
    on({
      'PUT /examples/:id': ({ body }) =>
        (body as { allowDuplicate?: boolean }).allowDuplicate
          ? undefined
          : fail(409, 'This question repeats example 7.', 'Conflict', {
              reason: 'DuplicateQuestion',
              existingId: 7,
            }),
    });
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit example 1' }));
    type(/^Question/, 'Solve $x+1=2$.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByRole('alertdialog', {
      name: 'This question is already in the catalogue',
    });
    expect(within(notice).getByRole('link', { name: 'example 7' }).getAttribute('href')).toBe(
      '/examples/7',
    );
    expect(screen.queryByText(/Operation failed/)).toBeNull();
    expect(callsTo('PUT /examples/1')).toHaveLength(1);
    expect(callsTo('PUT /examples/1')[0]!.body).not.toHaveProperty('allowDuplicate');

    fireEvent.click(within(notice).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /examples/1')).toHaveLength(2);
    expect(callsTo('PUT /examples/1')[1]!.body).toMatchObject({
      question: 'Solve $x+1=2$.',
      allowDuplicate: true,
    });
  });

  it('example: Keep editing on a repeated question closes the notice and sends nothing more', async () => {
    const { callsTo, on } = fakeApi(catalogueRoutes());
    on({
      'POST /examples': () =>
        fail(409, 'This question repeats example 3.', 'Conflict', {
          reason: 'DuplicateQuestion',
          existingId: 3,
        }),
    });
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Add example' }));
    await chooseOption('Subject', 'Algebra');
    await chooseOption('Category', 'Elimination');
    await chooseOption('Difficulty', 'hard');
    await chooseOption('Type', 'Worked Example');
    type(/^Question/, 'Solve $x^2 = 4$.');
    type(/^Answer/, '$x = \\pm 2$');
    fireEvent.click(screen.getByRole('button', { name: 'Create example' }));
    const notice = await screen.findByRole('alertdialog', {
      name: 'This question is already in the catalogue',
    });
    fireEvent.click(within(notice).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(dialog()).toBeTruthy();
    expect(callsTo('POST /examples')).toHaveLength(1);
  });

  it('example: a price sentence previews as plain text, gets no dollar warning, and saves without asking', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit example 1' }));
    type(/^Question/, 'It costs $5 and $10 in total.');

    const preview = screen.getByRole('region', { name: 'Question preview' });
    await waitFor(() => expect(preview.textContent).toBe('It costs $5 and $10 in total.'));
    expect(preview.querySelector('.katex')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Question dollar signs' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Question maths problems' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo('PUT /examples/1')[0]!.body).toMatchObject({
      question: 'It costs $5 and $10 in total.',
    });
  });

  it('example: "$ x$" is maths as in LaTeX; a $ that never closes gets a dollar warning, and escaping it as \\$ clears it', async () => {
    fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit example 1' }));
    type(/^Answer/, 'Let $ x$ be the price.\nThen $y is the tax.');
    const dollars = await screen.findByRole('status', { name: 'Answer dollar signs' });
    const items = within(dollars).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'The "$" before "y is" on line 2 has no closing "$", so it is shown as a dollar sign. If you meant maths, close it with "$"; if you meant a dollar sign, write \\$.',
    ]);
    const preview = screen.getByRole('region', { name: 'Answer preview' });
    expect(preview.querySelectorAll('.katex')).toHaveLength(1);
    type(/^Answer/, 'Let $ x$ be the price.\nThen \\$y is the tax.');
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Answer dollar signs' })).toBeNull(),
    );
  });

  it('example: clean maths saves without asking', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit example 1' }));
    type(/^Procedure/, 'Subtract $1$ from both sides.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT /examples/1')[0]!.body).toMatchObject({
      procedure: 'Subtract $1$ from both sides.',
    });
  });

  it('Cancel closes the form without saving', async () => {
    const { calls } = fakeApi(catalogueRoutes());
    renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Algebra' }));
    type(/^Name/, 'Changed');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: 'Algebra' })).toBeTruthy();
  });
});
