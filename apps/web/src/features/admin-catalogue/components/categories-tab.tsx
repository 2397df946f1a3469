import { type Category } from '@exemplar/shared/catalogue';
import { CategoryInputSchema } from '@exemplar/shared/catalogue-writes';
import { Group, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCornerDownRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { categoryOptions, PATH_SEPARATOR } from '../lib/category-tree';
import { emptyText } from '../lib/entities';
import { fieldErrors, toId } from '../lib/form-validation';
import { matchesSearch } from '../lib/sort';
import { CategorySelect } from './category-select';
import { DataTable, type Column } from './data-table';
import { DescriptionCell, optionsOf, WrappingText } from './entity-cells';
import { EntityTab, shownOf } from './entity-tab';
import { EntityForm } from './entity-form';
import { NameDescriptionFields } from './name-description-fields';
import { TabToolbar } from './tab-toolbar';
import { useDeleteAction } from './use-delete-action';
import { useLookups, type Lookups } from './use-lookups';
import { useSaveForm } from './use-save-form';

type Editor = { mode: 'add'; subjectId: number | null } | { mode: 'edit'; row: Category } | null;

/** Categories tab: the tree of each subject as a list, with a subject filter and search. */
export function CategoriesTab() {
  const state = useLookups();
  const [search, setSearch] = useState('');
  const [subjectFilter, setSubjectFilter] = useState<string | null>(null);
  const [editor, setEditor] = useState<Editor>(null);
  const deletion = useDeleteAction('categories');
  const lookups = state.status === 'success' ? state.lookups : null;

  // Tree order: by subject name, then each category followed by its subcategories.
  const ordered = useMemo(
    () =>
      lookups ? lookups.subjects.flatMap((subject) => lookups.tree.inTreeOrder(subject.id)) : [],
    [lookups],
  );
  const rows = useMemo(() => {
    if (!lookups) return [];
    const subjectId = toId(subjectFilter);
    return ordered.filter(
      (row) =>
        (subjectId === undefined || row.subjectId === subjectId) &&
        matchesSearch(search, [
          row.name,
          row.description,
          lookups.subjectName(row.subjectId),
          lookups.tree.pathLabel(row.id),
        ]),
    );
  }, [lookups, ordered, subjectFilter, search]);

  const columns = useMemo<Column<Category>[]>(() => {
    if (!lookups) return [];
    const { tree } = lookups;
    return [
      {
        key: 'name',
        header: 'Name',
        primary: true,
        width: '28%',
        sortValue: (row) => row.name,
        cell: (row) => {
          const depth = tree.depth(row.id);
          return (
            <Group gap={4} wrap="nowrap" pl={Math.min(depth, 6) * 14} align="flex-start">
              {depth > 0 && (
                <IconCornerDownRight
                  size={14}
                  stroke={1.6}
                  style={{ opacity: 0.45, flexShrink: 0, marginTop: 3 }}
                  aria-hidden
                />
              )}
              <WrappingText bold>{row.name}</WrappingText>
            </Group>
          );
        },
      },
      {
        key: 'subject',
        header: 'Subject',
        width: '16%',
        sortValue: (row) => lookups.subjectName(row.subjectId),
        cell: (row) => <Text size="sm">{lookups.subjectName(row.subjectId)}</Text>,
      },
      {
        key: 'parent',
        header: 'Parent',
        width: '22%',
        sortValue: (row) => (row.parentId === null ? '' : tree.pathLabel(row.parentId)),
        cell: (row) =>
          row.parentId === null ? (
            <Text size="sm" c="dimmed">
              — main category
            </Text>
          ) : (
            <WrappingText>{tree.pathLabel(row.parentId)}</WrappingText>
          ),
      },
      {
        key: 'description',
        header: 'Description',
        sortValue: (row) => row.description,
        cell: (row) => <DescriptionCell text={row.description} lines={2} />,
      },
    ];
  }, [lookups]);

  const summary =
    lookups && shownOf(rows.length, lookups.categories.length, 'category', 'categories');

  return (
    <EntityTab
      header={
        <TabToolbar
          plural="categories"
          item="category"
          search={search}
          onSearch={setSearch}
          onAdd={() => setEditor({ mode: 'add', subjectId: toId(subjectFilter) ?? null })}
          summary={summary}
        >
          <Select
            aria-label="Filter by subject"
            placeholder="All subjects"
            clearable
            data={optionsOf(lookups?.subjects)}
            value={subjectFilter}
            onChange={setSubjectFilter}
            style={{ flex: '0 1 200px' }}
          />
        </TabToolbar>
      }
      deletion={deletion}
      load={state}
      loadingLabel="Loading categories"
      list={() =>
        lookups && (
          <DataTable
            label="Categories"
            rows={rows}
            columns={columns}
            rowKey={(row) => row.id}
            rowName={(row) => lookups.tree.pathLabel(row.id)}
            emptyText={emptyText('categories')}
            onEdit={(row) => setEditor({ mode: 'edit', row })}
            onDelete={(row) => deletion.confirmDelete(row.id, row.name)}
            deletingId={deletion.deletingId}
          />
        )
      }
      editor={{
        opened: editor !== null,
        onClose: () => setEditor(null),
        title: editor?.mode === 'edit' ? 'Edit category' : 'Add category',
        form: editor && lookups && (
          <CategoryForm
            key={editor.mode === 'edit' ? editor.row.id : 'new'}
            lookups={lookups}
            row={editor.mode === 'edit' ? editor.row : null}
            defaultSubjectId={editor.mode === 'add' ? editor.subjectId : null}
            onDone={() => setEditor(null)}
          />
        ),
      }}
    />
  );
}

interface CategoryFormProps {
  lookups: Lookups;
  row: Category | null;
  defaultSubjectId: number | null;
  onDone: () => void;
}

/**
 * Add or edit a category: name and subject required; the parent is chosen from the
 * subject's tree, without the category itself and its subcategories; none = main category.
 */
export function CategoryForm({ lookups, row, defaultSubjectId, onDone }: CategoryFormProps) {
  const form = useForm({
    initialValues: {
      name: row?.name ?? '',
      description: row?.description ?? '',
      subjectId: (row
        ? String(row.subjectId)
        : defaultSubjectId
          ? String(defaultSubjectId)
          : null) as string | null,
      parentId: (row?.parentId ? String(row.parentId) : null) as string | null,
    },
  });
  const save = useSaveForm('categories', row?.id ?? null, onDone);
  const subjectId = toId(form.values.subjectId) ?? null;
  const parentOptions = useMemo(
    () => categoryOptions(lookups.tree, subjectId, { exclude: row?.id }),
    [lookups.tree, subjectId, row?.id],
  );
  const hasChildren = row ? lookups.tree.children(row.subjectId, row.id).length > 0 : false;

  const submit = form.onSubmit((values) => {
    const input = {
      name: values.name.trim(),
      description: values.description.trim(),
      subjectId: toId(values.subjectId) as number,
      parentId: toId(values.parentId) ?? null,
    };
    const errors = fieldErrors(CategoryInputSchema, input);
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.submit(input, form);
  });

  return (
    <EntityForm
      mode={row ? 'edit' : 'add'}
      item="category"
      save={save}
      onSubmit={submit}
      onCancel={onDone}
    >
      <NameDescriptionFields form={form} schema={CategoryInputSchema} minRows={2} maxRows={6} />
      <Select
        label="Subject"
        required
        searchable
        placeholder="Choose a subject"
        data={optionsOf(lookups.subjects)}
        description={
          hasChildren
            ? 'This category has subcategories: move or delete them before changing its subject.'
            : undefined
        }
        {...form.getInputProps('subjectId')}
        onChange={(value) => {
          form.setFieldValue('subjectId', value);
          // The parent must belong to the same subject.
          form.setFieldValue('parentId', null);
        }}
      />
      <CategorySelect
        label="Parent category"
        description={
          subjectId === null
            ? 'Choose a subject first.'
            : `Leave empty for a main category of ${lookups.subjectName(subjectId)}.`
        }
        placeholder={subjectId === null ? '—' : 'None (main category)'}
        clearable
        disabled={subjectId === null}
        options={parentOptions}
        {...form.getInputProps('parentId')}
        onChange={(value) => form.setFieldValue('parentId', value)}
      />
      {subjectId !== null && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Place: {lookups.subjectName(subjectId)}
          {PATH_SEPARATOR}
          {form.values.parentId &&
            `${lookups.tree.pathLabel(toId(form.values.parentId))}${PATH_SEPARATOR}`}
          {form.values.name.trim() || 'New category'}
        </Text>
      )}
    </EntityForm>
  );
}
