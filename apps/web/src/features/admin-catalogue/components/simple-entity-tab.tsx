import {
  DifficultyInputSchema,
  SubjectInputSchema,
  TypeInputSchema,
} from '@exemplar/shared/catalogue-writes';
import { Badge, NumberInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDifficulties, useSubjects, useTypes } from '../../../api/catalogue';
import { emptyText, ENTITY_WORDS } from '../lib/entities';
import { fieldErrors, optionalText } from '../lib/form-validation';
import { matchesSearch } from '../lib/sort';
import { DataTable, type Column } from './data-table';
import { DescriptionCell, WrappingText } from './entity-cells';
import { EntityTab, shownOf } from './entity-tab';
import { EntityForm } from './entity-form';
import { NameDescriptionFields, type NameDescriptionLimits } from './name-description-fields';
import { TabToolbar } from './tab-toolbar';
import { useDeleteAction } from './use-delete-action';
import { useSaveForm } from './use-save-form';

/** The three entities that are a name, a description and (difficulties) a rank. */
export type SimpleEntity = 'subjects' | 'difficulties' | 'types';

export interface SimpleRow {
  id: number;
  name: string;
  description: string;
  rank?: number;
}

/**
 * Each tab's list: the same query (client and cache entry) the browse screens use. Each is one
 * useQuery call, so the hook order stays the same whichever the entity.
 */
const useRows: Record<SimpleEntity, () => UseQueryResult<SimpleRow[]>> = {
  subjects: useSubjects,
  difficulties: useDifficulties,
  types: useTypes,
};

const schemas = {
  subjects: SubjectInputSchema,
  difficulties: DifficultyInputSchema,
  types: TypeInputSchema,
} satisfies Record<SimpleEntity, NameDescriptionLimits>;

/** The ranks a difficulty may have, as the shared schema bounds them. */
const RANK = DifficultyInputSchema.shape.rank.unwrap();

type Editor = { mode: 'add' } | { mode: 'edit'; row: SimpleRow } | null;

/** Subjects, Difficulties or Types tab: search, sortable list with Edit and Delete, add/edit form. */
export function SimpleEntityTab({ entity }: { entity: SimpleEntity }) {
  const words = ENTITY_WORDS[entity];
  const query = useRows[entity]();
  const [search, setSearch] = useState('');
  const [editor, setEditor] = useState<Editor>(null);
  const deletion = useDeleteAction(entity);
  const ranked = entity === 'difficulties';

  const rows = useMemo(
    () => (query.data ?? []).filter((row) => matchesSearch(search, [row.name, row.description])),
    [query.data, search],
  );

  const columns = useMemo<Column<SimpleRow>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        primary: true,
        width: '28%',
        sortValue: (row) => row.name,
        cell: (row) => <WrappingText bold>{row.name}</WrappingText>,
      },
      ...(ranked
        ? [
            {
              key: 'rank',
              header: 'Rank',
              width: 90,
              sortValue: (row: SimpleRow) => row.rank ?? 0,
              cell: (row: SimpleRow) => (
                <Badge variant="light" color="gray" radius="sm">
                  {row.rank ?? 0}
                </Badge>
              ),
            },
          ]
        : []),
      {
        key: 'description',
        header: 'Description',
        sortValue: (row) => row.description,
        cell: (row) => <DescriptionCell text={row.description} lines={3} />,
      },
    ],
    [ranked],
  );

  const summary = query.data && shownOf(rows.length, query.data.length, words.item, entity);

  return (
    <EntityTab
      header={
        <TabToolbar
          plural={entity}
          item={words.item}
          search={search}
          onSearch={setSearch}
          onAdd={() => setEditor({ mode: 'add' })}
          summary={summary}
        />
      }
      deletion={deletion}
      load={
        query.isPending
          ? { status: 'pending' }
          : query.isError
            ? { status: 'error', error: query.error, retry: () => void query.refetch() }
            : { status: 'success' }
      }
      loadingLabel={`Loading ${entity}`}
      list={() => (
        <DataTable
          label={words.label}
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          rowName={(row) => row.name}
          emptyText={emptyText(entity)}
          onEdit={(row) => setEditor({ mode: 'edit', row })}
          onDelete={(row) => deletion.confirmDelete(row.id, row.name)}
          deletingId={deletion.deletingId}
          defaultSort={
            ranked ? { key: 'rank', direction: 'asc' } : { key: 'name', direction: 'asc' }
          }
        />
      )}
      editor={{
        opened: editor !== null,
        onClose: () => setEditor(null),
        title: editor?.mode === 'edit' ? `Edit ${words.item}` : `Add ${words.item}`,
        form: editor && (
          <SimpleEntityForm
            key={editor.mode === 'edit' ? editor.row.id : 'new'}
            entity={entity}
            row={editor.mode === 'edit' ? editor.row : null}
            onDone={() => setEditor(null)}
          />
        ),
      }}
    />
  );
}

interface SimpleEntityFormProps {
  entity: SimpleEntity;
  row: SimpleRow | null;
  onDone: () => void;
}

/** Add or edit form: name (required), description, and for difficulties a rank. */
export function SimpleEntityForm({ entity, row, onDone }: SimpleEntityFormProps) {
  const words = ENTITY_WORDS[entity];
  const ranked = entity === 'difficulties';
  const form = useForm({
    initialValues: {
      name: row?.name ?? '',
      description: row?.description ?? '',
      rank: (row?.rank ?? '') as number | string,
    },
  });
  const save = useSaveForm(entity, row?.id ?? null, onDone);

  const submit = form.onSubmit((values) => {
    const input = {
      name: values.name.trim(),
      description: optionalText(values.description) ?? '',
      ...(ranked && values.rank !== '' ? { rank: Number(values.rank) } : {}),
    };
    const errors = fieldErrors(schemas[entity], input);
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.submit(input, form);
  });

  return (
    <EntityForm
      mode={row ? 'edit' : 'add'}
      item={words.item}
      save={save}
      onSubmit={submit}
      onCancel={onDone}
    >
      <NameDescriptionFields form={form} schema={schemas[entity]} minRows={3} maxRows={8} />
      {ranked && (
        <NumberInput
          label="Rank"
          description="Orders the difficulties, easiest first (0 = easiest)."
          min={RANK.minValue ?? undefined}
          max={RANK.maxValue ?? undefined}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('rank')}
        />
      )}
    </EntityForm>
  );
}
