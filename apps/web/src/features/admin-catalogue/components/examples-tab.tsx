import type { Example } from '@exemplar/shared/catalogue';
import { Button, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { can } from '@exemplar/shared/roles';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { isNotFound } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/auth-store';
import { useAdminExamples } from '../api/get-examples';
import { countOf, emptyText, loadFailed } from '../lib/entities';
import { toId } from '../lib/form-validation';
import { truncateText } from '../lib/truncate';
import { DataTable } from './data-table';
import { DeletedExamples } from './deleted-examples';
import { EntityTab, shownOf, type TabLoad } from './entity-tab';
import { exampleColumns } from './example-columns';
import { ExampleFilterBar, type ExampleFilters } from './example-filter-bar';
import { ExampleForm } from './example-form';
import { ExampleHistoryModal } from './example-history';
import { TabToolbar } from './tab-toolbar';
import { useDeleteAction } from './use-delete-action';
import { useLinkedExample } from './use-linked-example';
import { useLookups } from './use-lookups';

type Editor = { mode: 'add' } | { mode: 'edit'; row: Example } | null;

/**
 * Examples tab: server-side search (q) and filters (subject, category, difficulty, type), paged
 * with 'Load more'; question and answer cut to 50 characters in the list. Each example's History
 * lists its versions, compares any two and restores one; a super admin also finds the deleted
 * examples under the list and restores one from its History. `?edit={id}` in the address opens
 * that example's edit form.
 */
export function ExamplesTab() {
  const state = useLookups();
  const linked = useLinkedExample();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<ExampleFilters>({});
  const [chosen, setEditor] = useState<Editor>(null);
  const editor: Editor =
    chosen ??
    (linked.id !== null && linked.query.data ? { mode: 'edit', row: linked.query.data } : null);
  const closeEditor = () => {
    setEditor(null);
    if (linked.id !== null) linked.forget();
  };
  const [history, setHistory] = useState<{ id: number; deleted: boolean } | null>(null);
  const { user } = useAuth();
  const mayRestoreDeleted = can(user?.groups, 'catalogue:restore-deleted');
  const deletion = useDeleteAction('examples');
  const examples = useAdminExamples({ ...filters, status: filters.status ?? 'all', q });
  const lookups = state.status === 'success' ? state.lookups : null;

  const rows = useMemo(
    () => examples.data?.pages.flatMap((page) => page.examples) ?? [],
    [examples.data],
  );
  const total = examples.data?.pages.at(-1)?.total ?? 0;
  const columns = useMemo(() => (lookups ? exampleColumns(lookups) : []), [lookups]);
  const filtered = Boolean(q.trim()) || Object.values(filters).some(Boolean);

  const load: TabLoad =
    state.status === 'error'
      ? state
      : examples.isError && !examples.data
        ? { status: 'error', error: examples.error, retry: () => void examples.refetch() }
        : state.status === 'pending' || examples.isPending
          ? { status: 'pending' }
          : { status: 'success' };

  return (
    <EntityTab
      header={
        <>
          <TabToolbar
            plural="examples"
            item="example"
            search={search}
            onSearch={setSearch}
            onAdd={() => setEditor({ mode: 'add' })}
            summary={examples.data && shownOf(rows.length, total, 'example')}
          />
          {linked.query.isError && (
            <ErrorAlert onClose={linked.forget}>
              {isNotFound(linked.query.error)
                ? `Example ${linked.id} no longer exists.`
                : loadFailed(linked.query.error.message)}
            </ErrorAlert>
          )}
          <ExampleFilterBar lookups={lookups} filters={filters} onChange={setFilters} />
        </>
      }
      deletion={deletion}
      load={load}
      loadingLabel="Loading examples"
      list={() => (
        <>
          <DataTable
            label="Examples"
            rows={rows}
            columns={columns}
            rowKey={(row) => row.id}
            rowName={(row) => `example ${row.id}`}
            emptyText={emptyText('examples')}
            onEdit={(row) => setEditor({ mode: 'edit', row })}
            onHistory={(row) => setHistory({ id: row.id, deleted: false })}
            onDelete={(row) => deletion.confirmDelete(row.id, truncateText(row.question))}
            deletingId={deletion.deletingId}
            busy={examples.isPlaceholderData}
          />
          {lookups && (
            <ExampleHistoryModal
              id={history?.id ?? null}
              deleted={history?.deleted}
              lookups={lookups}
              onClose={() => setHistory(null)}
            />
          )}
          {examples.isFetchNextPageError && (
            <ErrorAlert onRetry={() => void examples.fetchNextPage()}>
              {loadFailed(examples.error?.message ?? '')}
            </ErrorAlert>
          )}
          {rows.length > 0 && (
            <Group justify="center" gap="md">
              <Text size="sm" c="dimmed">
                Showing {rows.length} of {countOf(total, 'example')}
                {filtered ? ' (filtered)' : ''}
              </Text>
              {examples.hasNextPage && (
                <Button
                  variant="default"
                  leftSection={<IconChevronDown size={16} />}
                  loading={examples.isFetchingNextPage}
                  onClick={() => void examples.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </Group>
          )}
          {mayRestoreDeleted && (
            <DeletedExamples onHistory={(id) => setHistory({ id, deleted: true })} />
          )}
        </>
      )}
      editor={{
        opened: editor !== null,
        onClose: closeEditor,
        title: editor?.mode === 'edit' ? `Edit example ${editor.row.id}` : 'Add example',
        size: 'min(1100px, 96vw)',
        form: editor && lookups && (
          <ExampleForm
            key={editor.mode === 'edit' ? editor.row.id : 'new'}
            lookups={lookups}
            row={editor.mode === 'edit' ? editor.row : null}
            defaults={{ subjectId: toId(filters.subjectId), categoryId: toId(filters.categoryId) }}
            onDone={closeEditor}
          />
        ),
      }}
    />
  );
}
