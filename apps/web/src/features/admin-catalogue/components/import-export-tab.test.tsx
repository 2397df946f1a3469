import type { ImportReport } from '@exemplar/shared/catalogue-io';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { deferred, fail, fakeApi, ok, type Reply } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

/** The admin screen at `url`, signed in as an admin. */
const renderAdmin = (url = '/admin') => renderApp(url, { routes: adminRoutes, as: 'admin' });

function report(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    dryRun: true,
    format: 'math-dataset',
    total: 4,
    imported: 2,
    duplicates: 1,
    repeats: [],
    failed: 1,
    created: { subjects: 1, categories: 2, difficulties: 0, types: 1 },
    failures: [
      {
        index: 3,
        ref: 'test/algebra/42.json',
        problems: ['question is required', 'level must be 1 to 5'],
      },
    ],
    ...overrides,
  };
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

function chooseFile(content: string, name = 'catalogue.json') {
  const file = new File([content], name, { type: 'application/json' });
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

const records = JSON.stringify([
  { source_id: 'a', subject: 'Algebra', level: 1, question: 'Q1', answer: '1' },
  { source_id: 'b', subject: 'Algebra', level: 2, question: 'Q2', answer: '2' },
  { source_id: 'c', subject: 'Algebra', level: 2, question: 'Q1', answer: '1' },
  { source_id: 'd', subject: 'Algebra', level: 9, answer: '2' },
]);

describe('/admin Import / Export tab', { timeout: 30_000 }, () => {
  it('says clearly when the chosen file is not JSON, and sends nothing', async () => {
    const { calls } = fakeApi(catalogueRoutes());
    renderAdmin('/admin?tab=import-export');
    await screen.findByRole('heading', { name: 'Import' });
    chooseFile('subject,question\nAlgebra,1+1', 'catalogue.csv');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^This file is not valid JSON: /);
    expect(screen.queryByRole('button', { name: 'Dry run' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/admin'))).toHaveLength(0);
  });

  it('runs a dry run first and shows its report, then imports for real', async () => {
    const answer = deferred<Reply>();
    const { callsTo } = fakeApi({
      ...catalogueRoutes(),
      'POST /admin/import': (call) =>
        (call.body as { dryRun: boolean }).dryRun
          ? answer.promise
          : ok(report({ dryRun: false }), 'Import finished.'),
    });
    const { queryClient } = renderAdmin('/admin?tab=import-export');
    await screen.findByRole('heading', { name: 'Import' });
    chooseFile(records, 'math.json');
    expect(await screen.findByText(/holds 4 records/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('Checking the file (dry run)… 4 records.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import in progress' })).toBeTruthy();
    const sent = callsTo('POST /admin/import')[0]!.body as { dryRun: boolean; data: unknown };
    expect(sent.dryRun).toBe(true);
    expect(sent.data).toEqual(JSON.parse(records));

    answer.resolve(ok(report()));
    const dry = await screen.findByRole('region', { name: 'Dry run report' });
    expect(within(dry).getByText('Format: MATH dataset')).toBeTruthy();
    expect(within(dry).getByText('Nothing written yet')).toBeTruthy();
    const stat = (label: string) =>
      within(dry).getByText(label).previousElementSibling?.textContent;
    expect(stat('Examples in file')).toBe('4');
    expect(stat('Would be imported')).toBe('2');
    expect(stat('Duplicates')).toBe('1');
    expect(stat('Failed')).toBe('1');
    expect(
      within(dry).getByText(/Would create 1 subject, 2 categories, 1 type\. 1 example already/),
    ).toBeTruthy();
    const failures = within(dry).getByRole('table', { name: 'Failures' });
    const [header, row] = within(failures).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Index', 'Ref', 'Problems']);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'test/algebra/42.json', 'question is requiredlevel must be 1 to 5']);

    queryClient.setQueryData(['examples', 'list', {}], { pages: [], pageParams: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 examples' }));
    const done = await screen.findByRole('region', { name: 'Import report' });
    expect(within(done).getByText('Imported')).toBeTruthy();
    expect(within(done).getByText(/^Created 1 subject, 2 categories, 1 type\./)).toBeTruthy();
    expect(callsTo('POST /admin/import')[1]!.body).toMatchObject({ dryRun: false });
    expect(screen.queryByRole('button', { name: 'Import 2 examples' })).toBeNull();
    await waitFor(() =>
      expect(queryClient.getQueryState(['examples', 'list', {}])?.isInvalidated).toBe(true),
    );
  });

  it('imports repeated questions only when asked: the choice goes with both runs and asks for a new dry run', async () => {
    const { callsTo } = fakeApi({
      ...catalogueRoutes(),
      'POST /admin/import': (call) =>
        ok(report({ dryRun: (call.body as { dryRun: boolean }).dryRun })),
    });
    renderAdmin('/admin?tab=import-export');
    await screen.findByRole('heading', { name: 'Import' });
    chooseFile(records, 'math.json');
    const allow = await screen.findByRole('checkbox', {
      name: 'Also import questions that repeat another example',
    });
    expect((allow as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('region', { name: 'Dry run report' });
    expect(callsTo('POST /admin/import')[0]!.body).toMatchObject({
      dryRun: true,
      allowDuplicate: false,
    });

    fireEvent.click(allow);
    expect(screen.queryByRole('region', { name: 'Dry run report' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('region', { name: 'Dry run report' });
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 examples' }));
    await screen.findByRole('region', { name: 'Import report' });
    expect(callsTo('POST /admin/import').map((c) => c.body)).toMatchObject([
      { dryRun: true, allowDuplicate: false },
      { dryRun: true, allowDuplicate: true },
      { dryRun: false, allowDuplicate: true },
    ]);
  });

  it('lists repeated questions in the report: the catalogue example linked, or the earlier index of the file', async () => {
    fakeApi({
      ...catalogueRoutes(),
      'POST /admin/import': () =>
        ok(
          report({
            imported: 1,
            duplicates: 3,
            failed: 0,
            failures: [],
            repeats: [
              { index: 0, ref: 'a', existingId: 12, repeatsIndex: null, imported: false },
              { index: 2, ref: 'c', existingId: null, repeatsIndex: 1, imported: false },
            ],
          }),
        ),
    });
    renderAdmin('/admin?tab=import-export');
    await screen.findByRole('heading', { name: 'Import' });
    chooseFile(records, 'math.json');
    fireEvent.click(await screen.findByRole('button', { name: 'Dry run' }));
    const dry = await screen.findByRole('region', { name: 'Dry run report' });
    expect(within(dry).getByText(/1 example already in the catalogue is skipped\./)).toBeTruthy();
    expect(within(dry).getByText(/^Skipped: their questions repeat another example/)).toBeTruthy();
    const table = within(dry).getByRole('table', { name: 'Repeated questions' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', 'a', 'Example 12']);
    expect(within(first!).getByRole('link', { name: 'Example 12' }).getAttribute('href')).toBe(
      '/examples/12',
    );
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'c', 'Index 1 of this file']);
  });

  it("shows a refused import as 'Operation failed: {message}'", async () => {
    fakeApi({
      ...catalogueRoutes(),
      'POST /admin/import': () => fail(413, 'The file is too large (limit 10 MB).'),
    });
    renderAdmin('/admin?tab=import-export');
    await screen.findByRole('heading', { name: 'Import' });
    chooseFile('{"format":"exemplar-catalogue","version":1,"examples":[]}');
    fireEvent.click(await screen.findByRole('button', { name: 'Dry run' }));
    expect(
      await screen.findByText('Operation failed: The file is too large (limit 10 MB).'),
    ).toBeTruthy();
  });

  it('downloads the export with the bearer header and the server’s file name', async () => {
    const { fetch: fetchMock } = fakeApi({
      ...catalogueRoutes(),
      'GET /admin/export': () =>
        new Response('{"format":"exemplar-catalogue"}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="exemplar-catalogue-2026-11-01.json"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:catalogue');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin('/admin?tab=import-export');
    fireEvent.click(await screen.findByRole('button', { name: 'Download catalogue' }));
    expect(await screen.findByText('Downloaded exemplar-catalogue-2026-11-01.json.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/admin/export');
    expect((init?.headers as Record<string, string>)['Authorization']).toBe(
      `Bearer ${window.localStorage.getItem('idToken')}`,
    );
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('exemplar-catalogue-2026-11-01.json');
    click.mockRestore();
  });

  it("shows a failed export as 'Operation failed: {message}'", async () => {
    fakeApi({
      ...catalogueRoutes(),
      'GET /admin/export': () => fail(403, 'You do not have permission to do that.'),
    });
    renderAdmin('/admin?tab=import-export');
    fireEvent.click(await screen.findByRole('button', { name: 'Download catalogue' }));
    expect(
      await screen.findByText('Operation failed: You do not have permission to do that.'),
    ).toBeTruthy();
  });
});
