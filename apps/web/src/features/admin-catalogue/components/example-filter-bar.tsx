import type { ExamplesFilterQuery } from '@exemplar/shared/catalogue';
import { Paper, Select, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { categoryOptions } from '../lib/category-tree';
import { toId } from '../lib/form-validation';
import { CategorySelect } from './category-select';
import { optionsOf } from './entity-cells';
import type { Lookups } from './use-lookups';

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

/** The Examples tab's filters (the search box aside), as the API takes them. */
export type ExampleFilters = Omit<ExamplesFilterQuery, 'q'>;

interface ExampleFilterBarProps {
  /** The lists the choosers offer; null while they load. */
  lookups: Lookups | null;
  filters: ExampleFilters;
  onChange: (update: (current: ExampleFilters) => ExampleFilters) => void;
}

/** Subject, category (of the chosen subject), difficulty, type and status. */
export function ExampleFilterBar({ lookups, filters, onChange }: ExampleFilterBarProps) {
  const setFilter = (key: keyof typeof filters, value: string | null) =>
    onChange((current) => {
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

  return (
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
  );
}
