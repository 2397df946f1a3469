import type { DeletedExample, ExampleVersion } from '@exemplar/shared/versions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type Routes } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, sampleCatalogue } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

const version = (n: number, question: string): ExampleVersion => ({
  version: n,
  editedBy: { id: 5, email: 'ada@example.com', name: 'Ada' },
  editedAt: `2026-11-0${n}T10:00:00.000Z`,
  action: n === 1 ? 'create' : 'edit',
  question,
  answer: '$x = 3$',
  procedure: null,
  difficultyId: 1,
  typeId: 1,
  categoryId: 10,
  status: 'published',
  answerSpec: null,
  testAnswers: [],
  statusChangedTo: null,
});

/**
 * The catalogue API with example 42 deleted (two versions kept): restoring a version puts it back
 * among the examples and takes it off the deleted list.
 */
function deletedRoutes() {
  const catalogue = sampleCatalogue();
  const history = [version(2, 'Solve $2x = 6$ for $x$.'), version(1, 'Solve $2x = 6$.')];
  let deleted: DeletedExample[] = [
    {
      id: 42,
      question: history[0]!.question,
      lastVersion: 2,
      lastEditedAt: history[0]!.editedAt,
      deletedAt: '2026-11-05T09:30:00.000Z',
    },
  ];
  const routes: Routes = {
    ...catalogueRoutes(catalogue),
    'GET /examples/deleted': () => ({ examples: deleted, nextCursor: null }),
    'GET /examples/:id/versions': ({ params }) =>
      params['id'] === '42' ? { versions: history } : undefined,
    'POST /examples/:id/versions/:version/restore': ({ params }) => {
      const from = history.find((v) => String(v.version) === params['version'])!;
      const made = { ...version(3, from.question), action: 'restore' as const };
      history.unshift(made);
      const example = {
        ...catalogue.examples[0]!,
        id: 42,
        question: from.question,
        createdAt: '2026-11-01T10:00:00.000Z',
      };
      catalogue.examples.push(example);
      deleted = [];
      return ok(
        { example, version: 3, statusChangedTo: null },
        `Version ${from.version} restored as version 3.`,
      );
    },
  };
  return { routes };
}

const openDeleted = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Show' }));
  return screen.findByRole('list', { name: 'Deleted examples' });
};

describe('/admin Examples: Deleted examples', { timeout: 30_000 }, () => {
  it('lists a deleted example for a super admin, opens its History, restores its newest version, and then it is back in the table and off the list', async () => {
    const { routes } = deletedRoutes();
    const { callsTo } = fakeApi(routes);
    renderApp('/admin?tab=examples', { routes: adminRoutes, as: 'superadmin' });
    await screen.findByRole('table', { name: 'Examples' });
    expect(callsTo('GET /examples/deleted')).toHaveLength(0);

    const list = await openDeleted();
    expect(callsTo('GET /examples/deleted')[0]!.query).toEqual({ limit: '20' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row!.textContent).toContain('42');
    expect(row!.textContent).toContain('Solve $2x = 6$ for $x$.');
    expect(row!.textContent).toContain('Deleted ');
    expect(row!.textContent).toContain('version 2');

    fireEvent.click(within(row!).getByRole('button', { name: 'History of deleted example 42' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of example 42' });
    expect(await within(dialog).findByText(/Example 42 was deleted/)).toBeTruthy();
    // The newest version of a deleted example can be restored: nothing of it is current.
    expect(within(dialog).queryByText('Current')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore version 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 2?' });
    expect(confirm.textContent).toContain('Example 42 comes back under its own id');
    expect(confirm.textContent).toContain(
      'Status after the restore: Published (as it was when deleted).',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore version 2' }));

    await waitFor(() =>
      expect(callsTo('POST /examples/:id/versions/:version/restore')[0]?.path).toBe(
        '/examples/42/versions/2/restore',
      ),
    );
    expect(await within(dialog).findByText('Current')).toBeTruthy();
    expect(within(dialog).queryByText(/Example 42 was deleted/)).toBeNull();
    await waitFor(() => expect(callsTo('GET /examples/deleted').length).toBeGreaterThan(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close history' }));
    expect(await screen.findByText('No deleted examples.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Examples' });
    expect(
      await within(table).findByRole('button', { name: 'History of example 42' }),
    ).toBeTruthy();
  });

  it('adds an example deleted from the table to the open list', async () => {
    const catalogue = sampleCatalogue();
    const initial = [...catalogue.examples];
    const { callsTo } = fakeApi({
      ...catalogueRoutes(catalogue),
      'GET /examples/deleted': () => ({
        examples: initial
          .filter((e) => !catalogue.examples.some((kept) => kept.id === e.id))
          .map((e) => ({
            id: e.id,
            question: e.question,
            lastVersion: 1,
            lastEditedAt: e.updatedAt,
            deletedAt: '2026-11-05T09:30:00.000Z',
          })),
        nextCursor: null,
      }),
    });
    renderApp('/admin?tab=examples', { routes: adminRoutes, as: 'superadmin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No deleted examples.')).toBeTruthy();
    const first = initial[0]!;

    fireEvent.click(screen.getByRole('button', { name: `Delete example ${first.id}` }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const list = await screen.findByRole('list', { name: 'Deleted examples' });
    expect(
      within(list).getByRole('button', { name: `History of deleted example ${first.id}` }),
    ).toBeTruthy();
    expect(callsTo('GET /examples/deleted').length).toBe(2);
  });

  it('says so when nothing was deleted', async () => {
    fakeApi({
      ...catalogueRoutes(sampleCatalogue()),
      'GET /examples/deleted': { examples: [], nextCursor: null },
    });
    renderApp('/admin?tab=examples', { routes: adminRoutes, as: 'superadmin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No deleted examples.')).toBeTruthy();
  });

  it('shows no Deleted examples section to an admin and never asks for them', async () => {
    const { routes } = deletedRoutes();
    const { callsTo } = fakeApi(routes);
    renderApp('/admin?tab=examples', { routes: adminRoutes, as: 'admin' });
    await screen.findByRole('table', { name: 'Examples' });
    expect(screen.queryByRole('heading', { name: 'Deleted examples' })).toBeNull();
    expect(callsTo('GET /examples/deleted')).toHaveLength(0);
  });
});
