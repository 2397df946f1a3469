import type { ExampleVersion } from '@exemplar/shared/versions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Handler, type Routes } from '../../../test/fake-api';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, sampleCatalogue } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

const editor = { id: 5, email: 'ada@example.com', name: 'Ada' };
const version = (
  n: number,
  question: string,
  extra: Partial<ExampleVersion> = {},
): ExampleVersion => ({
  version: n,
  editedBy: editor,
  editedAt: `2026-11-0${n}T10:00:00.000Z`,
  action: n === 1 ? 'create' : 'edit',
  question,
  answer: '$x = 1$',
  procedure: null,
  difficultyId: 1,
  typeId: 1,
  categoryId: 10,
  status: 'published',
  answerSpec: null,
  testAnswers: [],
  statusChangedTo: null,
  ...extra,
});

/** The catalogue API with example 1's history in memory: a restore appends to it. */
function historyRoutes(extra: Routes = {}) {
  const catalogue = sampleCatalogue();
  const history: ExampleVersion[] = [
    version(3, 'Solve $x + 1 = 2$.', { difficultyId: 2, statusChangedTo: 'published' }),
    version(2, 'Solve $x + 2 = 3$ quickly.', { status: 'draft', statusChangedTo: 'draft' }),
    version(1, 'Solve $x + 2 = 3$.', { editedBy: null }),
  ];
  const routes: Routes = {
    ...catalogueRoutes(catalogue),
    'GET /examples/:id/versions': () => ({ versions: history }),
    'POST /examples/:id/versions/:version/restore': ({ params, body }) => {
      const from = history.find((v) => String(v.version) === params['version'])!;
      const current = history[0]!.status;
      const status =
        (body as { statusFrom?: string }).statusFrom === 'version' ? from.status : current;
      const statusChangedTo = status === current ? null : status;
      const made = {
        ...from,
        version: history[0]!.version + 1,
        action: 'restore' as const,
        status,
        statusChangedTo,
      };
      history.unshift(made);
      catalogue.examples[0] = { ...catalogue.examples[0]!, question: from.question };
      return ok(
        { example: catalogue.examples[0], version: made.version, statusChangedTo },
        `Version ${from.version} restored as version ${made.version}.${statusChangedTo === 'draft' ? ' It is now a draft.' : ''}`,
      );
    },
    ...extra,
  };
  return { routes, history, catalogue };
}

async function openHistory() {
  renderApp('/admin?tab=examples', { routes: adminRoutes, as: 'admin' });
  fireEvent.click(await screen.findByRole('button', { name: 'History of example 1' }));
  return screen.findByRole('dialog', { name: 'History of example 1' });
}

describe('/admin Examples: History of an example', { timeout: 30_000 }, () => {
  it('lists every version newest first with who, when and how, and compares the two newest word by word with text cues', async () => {
    const { routes } = historyRoutes();
    const { callsTo } = fakeApi(routes);
    const dialog = await openHistory();
    const table = await within(dialog).findByRole('table', { name: 'Versions of example 1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      '3',
      '2',
      '1',
    ]);
    // Each edit changed the text and the status: both are said.
    expect(within(rows[0]!).getByText('Edited')).toBeTruthy();
    expect(within(rows[0]!).getByText('Published')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Ada');
    expect(rows[0]!.textContent).toContain('Current');
    expect(within(rows[1]!).getByText('Edited')).toBeTruthy();
    expect(within(rows[1]!).getByText('Moved to draft')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Draft')).toBeNull();
    expect(rows[2]!.textContent).toContain('Created');
    expect(rows[2]!.textContent).toContain('Not recorded');
    expect(callsTo('GET /examples/:id/versions')[0]!.path).toBe('/examples/1/versions');

    const changes = within(dialog).getByLabelText('Changes from version 2 to version 3');
    const removed = [...changes.querySelectorAll('del')].map((d) => d.textContent);
    const added = [...changes.querySelectorAll('ins')].map((d) => d.textContent);
    expect(removed).toContain('[removed: 2]');
    expect(removed).toContain('[removed:  quickly]');
    expect(added).toEqual([
      'underlined',
      '[added: 1]',
      '[added: 2]',
      '[added: hard]',
      '[added: Published]',
    ]);
    expect(changes.textContent).toContain('Difficulty: [removed: easy] → [added: hard]');
    expect(changes.textContent).toContain('Status: [removed: Draft] → [added: Published]');
    expect(within(dialog).getByText('2 words added, 3 removed')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Older' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Version 1/ }));
    const fromFirst = await within(dialog).findByLabelText('Changes from version 1 to version 3');
    expect([...fromFirst.querySelectorAll('del')].map((d) => d.textContent)).not.toContain(
      '[removed:  quickly]',
    );

    // Rendered: typeset as readers see it, a changed formula removed and added whole.
    fireEvent.click(within(dialog).getByText('Rendered'));
    const rendered = await within(dialog).findByLabelText(
      'Rendered changes from version 1 to version 3',
    );
    const question = rendered.querySelector('[class*="renderedDiff"]')!;
    expect(question.querySelectorAll('del .katex')).toHaveLength(1);
    expect(question.querySelectorAll('ins .katex')).toHaveLength(1);
    expect(question.querySelector('del annotation')?.textContent).toBe('x + 2 = 3');
    expect(question.querySelector('ins annotation')?.textContent).toBe('x + 1 = 2');
  });

  it('restores an older version after a confirmation that says what happens, then shows it as the new current version and reloads the examples', async () => {
    const { routes } = historyRoutes();
    const { callsTo } = fakeApi(routes);
    const dialog = await openHistory();
    await within(dialog).findByRole('table', { name: 'Versions of example 1' });
    const listsBefore = callsTo('GET /examples').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(confirm.textContent).toContain('saved as a new version (version 4)');
    expect(confirm.textContent).toContain('no version is lost');
    expect(confirm.textContent).toContain('Status after the restore: Published (as it is now).');
    expect(within(confirm).queryByRole('radio')).toBeNull();
    // The question it brings back is typeset, not shown as its LaTeX source.
    expect(confirm.querySelector('.katex annotation')?.textContent).toBe('x + 2 = 3');
    expect(confirm.textContent).not.toContain('$');
    expect(callsTo('POST /examples/:id/versions/:version/restore')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore version 1' }));

    await waitFor(() =>
      expect(callsTo('POST /examples/:id/versions/:version/restore')).toHaveLength(1),
    );
    const call = callsTo('POST /examples/:id/versions/:version/restore')[0]!;
    expect(call.path).toBe('/examples/1/versions/1/restore');
    expect(call.body).toEqual({});
    expect(await screen.findByText('Version 1 restored as version 4.')).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Versions of example 1' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Restored');
    await waitFor(() => expect(callsTo('GET /examples').length).toBeGreaterThan(listsBefore));
  });

  it('offers Restore anyway when the restored question repeats another example, sending allowDuplicate', async () => {
    let refused = false;
    const { routes } = historyRoutes();
    const restore = routes['POST /examples/:id/versions/:version/restore'] as Handler;
    const { callsTo } = fakeApi({
      ...routes,
      'POST /examples/:id/versions/:version/restore': (call) => {
        if (!refused && !(call.body as { allowDuplicate?: boolean }).allowDuplicate) {
          refused = true;
          return fail(409, 'This question repeats example 9.', 'Conflict', {
            reason: 'DuplicateQuestion',
            existingId: 9,
          });
        }
        return restore(call);
      },
    });
    const dialog = await openHistory();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Restore version 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 2?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore version 2' }));
    expect(await within(dialog).findByText('This question repeats example 9.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore anyway' }));
    await waitFor(() =>
      expect(callsTo('POST /examples/:id/versions/:version/restore')).toHaveLength(2),
    );
    expect(callsTo('POST /examples/:id/versions/:version/restore')[1]!.body).toEqual({
      allowDuplicate: true,
    });
    expect(await screen.findByText('Version 2 restored as version 4.')).toBeTruthy();
  });

  it('does not offer Restore for a version whose category no longer exists, and says why', async () => {
    const { routes, history } = historyRoutes();
    history[1] = { ...history[1]!, categoryId: 999 };
    fakeApi(routes);
    const dialog = await openHistory();
    const table = await within(dialog).findByRole('table', { name: 'Versions of example 1' });
    expect(within(table).queryByRole('button', { name: 'Restore version 2' })).toBeNull();
    expect(within(table).getByText('Its category no longer exists')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Restore version 1' })).toBeTruthy();
  });

  it('labels a version that only changed the status by it: Published, Moved to draft', async () => {
    const { routes, history } = historyRoutes();
    history.splice(
      0,
      history.length,
      version(4, 'Solve $x + 2 = 3$.', { statusChangedTo: 'published' }),
      version(3, 'Solve $x + 2 = 3$.', { status: 'draft', statusChangedTo: 'draft' }),
      version(2, 'Solve $x + 2 = 3$.', { statusChangedTo: 'published' }),
      version(1, 'Solve $x + 2 = 3$.', { status: 'draft' }),
    );
    fakeApi(routes);
    const dialog = await openHistory();
    const table = await within(dialog).findByRole('table', { name: 'Versions of example 1' });
    const badges = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('.mantine-Badge-root')].map((b) => b.textContent));
    expect(badges).toEqual([
      ['Published'],
      ['Moved to draft'],
      ['Published'],
      ['Created', 'Draft'],
    ]);
  });

  it("keeps the example's status on a restore unless the editor picks the version's, and says which it will be", async () => {
    const { routes } = historyRoutes();
    const { callsTo } = fakeApi(routes);
    const dialog = await openHistory();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Restore version 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 2?' });
    const choice = within(confirm).getByRole('radiogroup', { name: 'Status after the restore' });
    const keep = within(choice).getByRole('radio', { name: 'Published, as it is now' });
    const take = within(choice).getByRole('radio', { name: 'Draft, as in version 2' });
    expect((keep as HTMLInputElement).checked).toBe(true);
    expect((take as HTMLInputElement).checked).toBe(false);
    expect(choice.textContent).toContain('Learners see it.');
    expect(choice.textContent).toContain('Only editors see it.');
    fireEvent.click(take);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore version 2' }));
    await waitFor(() =>
      expect(callsTo('POST /examples/:id/versions/:version/restore')).toHaveLength(1),
    );
    expect(callsTo('POST /examples/:id/versions/:version/restore')[0]!.body).toEqual({
      statusFrom: 'version',
    });
    expect(
      await screen.findByText('Version 2 restored as version 4. It is now a draft.'),
    ).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Versions of example 1' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const newest = within(table).getAllByRole('row')[1]!;
    expect(within(newest).getByText('Restored')).toBeTruthy();
    expect(within(newest).getByText('Moved to draft')).toBeTruthy();

    // Asked again and left as offered, the example keeps its status: the body says nothing of it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore version 3' }));
    const again = await screen.findByRole('dialog', { name: 'Restore version 3?' });
    expect(
      (within(again).getByRole('radio', { name: 'Draft, as it is now' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(within(again).getByRole('button', { name: 'Restore version 3' }));
    await waitFor(() =>
      expect(callsTo('POST /examples/:id/versions/:version/restore')).toHaveLength(2),
    );
    expect(callsTo('POST /examples/:id/versions/:version/restore')[1]!.body).toEqual({});
  });
});
