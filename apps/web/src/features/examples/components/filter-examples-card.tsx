import {
  Badge,
  Button,
  Card,
  CloseButton,
  Divider,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconFilterOff, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DeferredSelect } from '../../../components/deferred/deferred-select';
import { activeFilterChips } from '../lib/chips';
import {
  clearFilters,
  hasActiveFilters,
  parseFlag,
  parseId,
  removeFilter,
  type ExampleFilters,
  type FilterCatalogue,
  worksheetPath,
} from '../../../api/example-filters';
import type { FiltersUpdate } from '../../../api/use-example-filters';
import { countExamples } from '../lib/format';
import { DifficultyIcon } from './difficulty-icon';
import { CardTitle } from './card-title';
import classes from './examples.module.css';
import { PracticeModeSwitch } from './practice-mode-switch';
import { RandomExampleButton } from './random-example-button';
import { SearchField } from './search-field';
import { indexCategoryTree } from '../../../lib/category-tree';

const ALL = 'all';

/** The exact options of the three signed-in-only dropdowns. */
export const LIKED_OPTIONS = [
  { value: ALL, label: 'All Examples' },
  { value: 'true', label: 'Liked Only' },
  { value: 'false', label: 'Not Liked' },
];
export const SOLVED_OPTIONS = [
  { value: ALL, label: 'All Examples' },
  { value: 'true', label: 'Solved Only' },
  { value: 'false', label: 'Unsolved Only' },
];
export const WITHOUT_HELP_OPTIONS = [
  { value: ALL, label: 'All Examples' },
  { value: 'true', label: 'Solved without help' },
  { value: 'false', label: 'Not yet solved without help' },
];

const flagValue = (flag: boolean | null) => (flag === null ? ALL : String(flag));

interface FilterExamplesCardProps {
  catalogue: FilterCatalogue;
  filters: ExampleFilters;
  onChange: (update: FiltersUpdate) => void;
  /** Server total for the filters; undefined while loading or after a failure. */
  total: number | undefined;
  /** The first page of the filters is loading. */
  counting: boolean;
  /** Liked Status, Solved Status and Without Help are for signed-in users only. */
  signedIn: boolean;
}

/**
 * A category suggested by the search box, chosen: the list of that category (in its subject, if
 * one is chosen), without the search text it was found by.
 */
function pickCategory(
  filters: ExampleFilters,
  catalogue: FilterCatalogue,
  categoryId: number,
): ExampleFilters {
  const subjectId = indexCategoryTree(catalogue.categoryTree).get(categoryId)?.subject.id ?? null;
  return {
    ...filters,
    q: '',
    categoryId,
    subjectId: filters.subjectId === null ? null : subjectId,
  };
}

/**
 * Card 'Filter Examples': count badge, search, Difficulty and Example Type dropdowns,
 * for signed-in users Liked Status, Solved Status and Without Help (a checked answer accepted
 * before any step or the answer was shown); 'Clear All Filters' with a removable chip
 * per active filter; practice mode and 'Random example'.
 */
export function FilterExamplesCard({
  catalogue,
  filters,
  onChange,
  total,
  counting,
  signedIn,
}: FilterExamplesCardProps) {
  const active = hasActiveFilters(filters);
  const chips = activeFilterChips(filters, catalogue);
  /** Sets some filters, keeping the others as they are when the change is made. */
  const patch = (changes: Partial<ExampleFilters>) =>
    onChange((current) => ({ ...current, ...changes }));
  const difficultyName = (id: number | null) =>
    catalogue.difficulties.find((d) => d.id === id)?.name;

  return (
    <Card padding="md" component="section" aria-labelledby="filter-examples-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <CardTitle icon={<IconAdjustmentsHorizontal size={18} />} id="filter-examples-title">
            Filter Examples
          </CardTitle>
          {counting ? (
            <Badge size="md" variant="light" tt="none" leftSection={<Loader size={10} />}>
              Counting…
            </Badge>
          ) : total !== undefined ? (
            <Badge
              size="md"
              variant="light"
              tt="none"
              data-testid="filtered-count"
              style={{ flex: 'none' }}
            >
              {countExamples(total)}
            </Badge>
          ) : null}
        </Group>

        <SearchField
          value={filters.q}
          onCommit={(q) => patch({ q })}
          categoryTree={catalogue.categoryTree}
          onPickCategory={(categoryId) =>
            onChange((current) => pickCategory(current, catalogue, categoryId))
          }
        />

        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <DeferredSelect
            label="Difficulty"
            data={[
              { value: ALL, label: 'All Difficulties' },
              ...catalogue.difficulties.map((d) => ({ value: String(d.id), label: d.name })),
            ]}
            value={filters.difficultyId === null ? ALL : String(filters.difficultyId)}
            onChange={(value) => patch({ difficultyId: parseId(value) })}
            allowDeselect={false}
            leftSection={
              filters.difficultyId !== null ? (
                <DifficultyIcon name={difficultyName(filters.difficultyId)} />
              ) : undefined
            }
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                {option.value !== ALL ? <DifficultyIcon name={option.label} /> : null}
                <span>{option.label}</span>
              </Group>
            )}
          />
          <DeferredSelect
            label="Example Type"
            data={[
              { value: ALL, label: 'All Types' },
              ...catalogue.types.map((t) => ({ value: String(t.id), label: t.name })),
            ]}
            value={filters.typeId === null ? ALL : String(filters.typeId)}
            onChange={(value) => patch({ typeId: parseId(value) })}
            allowDeselect={false}
          />
          {signedIn ? (
            <>
              <DeferredSelect
                label="Liked Status"
                data={LIKED_OPTIONS}
                value={flagValue(filters.liked)}
                onChange={(value) => patch({ liked: parseFlag(value) })}
                allowDeselect={false}
              />
              <DeferredSelect
                label="Solved Status"
                data={SOLVED_OPTIONS}
                value={flagValue(filters.solved)}
                onChange={(value) => patch({ solved: parseFlag(value) })}
                allowDeselect={false}
              />
              {/* Across both columns: its options are long for half a phone's width. */}
              <div style={{ gridColumn: '1 / -1' }}>
                <DeferredSelect
                  label="Without Help"
                  data={WITHOUT_HELP_OPTIONS}
                  value={flagValue(filters.withoutHelp)}
                  onChange={(value) => patch({ withoutHelp: parseFlag(value) })}
                  allowDeselect={false}
                />
              </div>
            </>
          ) : null}
        </SimpleGrid>

        <Group justify="space-between" gap="sm">
          <PracticeModeSwitch withDescription />
          <Group gap="xs">
            <Button
              component={Link}
              to={worksheetPath(filters)}
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
            >
              Print worksheet
            </Button>
            <RandomExampleButton filters={filters} />
          </Group>
        </Group>

        <Divider />

        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" fw={500}>
            {active ? 'Filtered results' : 'Showing all available examples'}
          </Text>
          {active ? (
            <Button
              variant="subtle"
              color="red"
              c="light-dark(var(--mantine-color-red-7), var(--mantine-color-red-4))"
              size="compact-sm"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => onChange(() => clearFilters())}
            >
              Clear All Filters
            </Button>
          ) : null}
        </Group>

        {chips.length > 0 ? (
          <Group gap={6} role="list" aria-label="Active filters">
            {chips.map((chip) => (
              <span key={chip.key} className={classes.chip} role="listitem">
                {chip.key === 'difficultyId' ? (
                  <DifficultyIcon name={difficultyName(filters.difficultyId)} size={10} />
                ) : null}
                <span className={classes.chipLabel}>{chip.label}</span>
                <CloseButton
                  size="xs"
                  radius="xl"
                  aria-label={`Remove filter ${chip.label}`}
                  onClick={() => onChange((current) => removeFilter(current, chip.key))}
                />
              </span>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
