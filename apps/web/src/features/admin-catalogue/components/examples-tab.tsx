import type { Example } from '@exemplar/shared/catalogue';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ExamplesFilterQuery } from '@exemplar/shared/catalogue';
import { can } from '@exemplar/shared/roles';
import { isNotFound } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/auth-store';
import { useAdminExamples } from '../api/get-examples';
import { categoryOptions } from '../lib/category-tree';
import { countOf, emptyText, loadFailed } from '../lib/entities';
import { toId } from '../lib/form-validation';
import { truncateText } from '../lib/truncate';
import { CategorySelect } from './category-select';
import { DataTable, type Column } from './data-table';
import { DeletedExamples } from './deleted-examples';
import { optionsOf, WrappingText } from './entity-cells';
import { EntityTab, shownOf, type TabLoad } from './entity-tab';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { ExampleForm } from './example-form';
import { ExampleHistoryModal } from './example-history';
import { TabToolbar } from './tab-toolbar';
import { useDeleteAction } from './use-delete-action';
import { useLinkedExample } from './use-linked-example';
import { useLookups, type Lookups } from './use-lookups';
import { difficultyColor } from '../../../lib/difficulty-color';

/** The filters that pick one entry of a plain list. */
const LOOKUP_FILTERS = [
  {
    key: 'difficultyId',
    label: 'Difficulty',
    placeholder: 'All difficulties',
    list: 'difficulties',
  },
  { key: 'typeId', label: 'Type', placeholder: 'All types', list: 'types' },
] as const;

/** The status filter: editors see drafts and published examples alike unless they pick one. */
const STATUS_OPTIONS = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
];

type Editor = { mode: 'add' } | { mode: 'edit'; row: Example } | null;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

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
  const [filters, setFilters] = useState<Omit<ExamplesFilterQuery, 'q'>>({});
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

  const setFilter = (key: keyof typeof filters, value: string | null) =>
    setFilters((current) => {
      const next = { ...current, [key]: value ?? undefined };
      // A category belongs to one subject: picking another subject drops it.
      if (key === 'subjectId' && current.categoryId) {
        const category = lookups?.tree.byId.get(Number(current.categoryId));
        if (String(category?.subjectId) !== value) next.categoryId = undefined;
      }
      return next;
    });

  const subjectId = toId(filters.subjectId) ?? null;
  const filterOptions = useMemo(
    () => (lookups ? categoryOptions(lookups.tree, subjectId) : []),
    [lookups, subjectId],
  );

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
          <Paper withBorder radius="md" p="sm">
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
              <Select
                label="Subject"
                placeholder="All subjects"
                clearable
                searchable
                data={optionsOf(lookups?.subjects)}
                value={filters.subjectId ?? null}
                onChange={(value) => setFilter('subjectId', value)}
              />
              <CategorySelect
                label="Category"
                placeholder="All categories"
                clearable
                disabled={subjectId === null}
                options={filterOptions}
                value={filters.categoryId ?? null}
                onChange={(value) => setFilter('categoryId', value)}
              />
              {LOOKUP_FILTERS.map(({ key, label, placeholder, list }) => (
                <Select
                  key={key}
                  label={label}
                  placeholder={placeholder}
                  clearable
                  data={optionsOf(lookups?.[list])}
                  value={filters[key] ?? null}
                  onChange={(value) => setFilter(key, value)}
                />
              ))}
              <Select
                label="Status"
                placeholder="All statuses"
                clearable
                data={STATUS_OPTIONS}
                value={filters.status ?? null}
                onChange={(value) => setFilter('status', value)}
              />
            </SimpleGrid>
          </Paper>
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

function exampleColumns(lookups: Lookups): Column<Example>[] {
  const { tree } = lookups;
  return [
    {
      key: 'id',
      header: 'ID',
      width: 64,
      hideOnPhone: true,
      sortValue: (row) => row.id,
      cell: (row) => (
        <Text size="sm" c="dimmed" ff="monospace">
          {row.id}
        </Text>
      ),
    },
    {
      key: 'question',
      header: 'Question',
      primary: true,
      width: '26%',
      sortValue: (row) => row.question,
      cell: (row) => (
        <Stack gap={4} align="flex-start">
          <WrappingText title={row.question}>{truncateText(row.question)}</WrappingText>
          {row.status === 'draft' && (
            <Badge size="sm" variant="outline" color="orange">
              Draft
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'answer',
      header: 'Answer',
      width: '18%',
      sortValue: (row) => row.answer,
      cell: (row) => <WrappingText title={row.answer}>{truncateText(row.answer)}</WrappingText>,
    },
    {
      key: 'category',
      header: 'Category',
      sortValue: (row) => `${lookups.subjectName(row.subjectId)} ${tree.pathLabel(row.categoryId)}`,
      cell: (row) => (
        <Stack gap={0}>
          <WrappingText>{tree.byId.get(row.categoryId)?.name ?? 'Unknown'}</WrappingText>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {lookups.subjectName(row.subjectId)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'difficulty',
      header: 'Difficulty',
      sortValue: (row) => lookups.difficultyRank(row.difficultyId),
      cell: (row) => (
        <Badge variant="light" color={difficultyColor(lookups.difficultyName(row.difficultyId))}>
          {lookups.difficultyName(row.difficultyId)}
        </Badge>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortValue: (row) => lookups.typeName(row.typeId),
      cell: (row) => <Text size="sm">{lookups.typeName(row.typeId)}</Text>,
    },
    {
      key: 'created',
      header: 'Created',
      sortValue: (row) => row.createdAt,
      cell: (row) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.createdAt)}
        </Text>
      ),
    },
  ];
}
