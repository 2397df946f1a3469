import { Badge, Button, Card, EmptyState, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconCategory,
  IconChevronDown,
  IconChevronUp,
  IconFolderOff,
  IconLayoutList,
} from '@tabler/icons-react';
import { DeferredSelect } from '../../../components/deferred/deferred-select';
import { Fragment, useId, useState } from 'react';
import { countsById, useProgress } from '../api/get-progress';
import {
  categoryName,
  categoryPath,
  indexCategoryTree,
  topLevelCategories,
} from '../../../lib/category-tree';
import {
  parseId,
  selectCategory,
  selectSubject,
  type ExampleFilters,
  type FilterCatalogue,
} from '../../../api/example-filters';
import type { FiltersUpdate } from '../../../api/use-example-filters';
import { CardTitle } from './card-title';
import classes from './examples.module.css';
import { ProgressBadge } from './progress-badge';

const ALL = 'all';

interface CategoryPanelProps {
  catalogue: FilterCatalogue;
  filters: ExampleFilters;
  onChange: (update: FiltersUpdate) => void;
}

/**
 * Left panel 'Filter Categories': subject dropdown and the numbered top-level categories
 * of the subject (or of every subject). On a phone it folds away behind a toggle.
 */
export function CategoryPanel({ catalogue, filters, onChange }: CategoryPanelProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const index = indexCategoryTree(catalogue.categoryTree);
  const categories = topLevelCategories(catalogue.categoryTree, filters.subjectId);
  const activeTopId = categoryPath(index, filters.categoryId)[0]?.id ?? null;
  const subjectName = catalogue.subjects.find((s) => s.id === filters.subjectId)?.name;
  const showSubject = filters.subjectId === null && catalogue.subjects.length > 1;
  // Signed in: solved/total (and the solves without help) beside each category (the query is idle
  // for a visitor).
  const progress = useProgress().data;
  const categoryCounts = countsById(progress?.categories);
  const allCounts =
    filters.subjectId === null
      ? progress && { ...progress, withoutHelp: progress.solvedWithoutHelp }
      : countsById(progress?.subjects).get(filters.subjectId);

  const pickCategory = (id: number | null) => {
    onChange((current) => selectCategory(current, id));
    setOpen(false);
  };

  return (
    <Card padding="md" component="section" aria-labelledby={`${bodyId}-title`}>
      <Group justify="space-between" wrap="nowrap">
        <CardTitle icon={<IconCategory size={18} />} id={`${bodyId}-title`}>
          Filter Categories
        </CardTitle>
        <Button
          className={classes.panelToggle}
          variant="subtle"
          size="compact-sm"
          rightSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </Group>
      {open ? null : (
        <Text size="sm" c="dimmed" mt={6} className={classes.panelSummary} truncate>
          {subjectName ?? 'All Subjects'} ·{' '}
          {filters.categoryId === null ? 'All categories' : categoryName(index, filters.categoryId)}
        </Text>
      )}

      <Stack
        gap="md"
        mt="md"
        id={bodyId}
        className={classes.panelBody}
        data-collapsed={open ? undefined : true}
      >
        <DeferredSelect
          label="Subject"
          data={[
            { value: ALL, label: 'All Subjects' },
            ...catalogue.subjects.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          value={filters.subjectId === null ? ALL : String(filters.subjectId)}
          onChange={(value) => onChange((current) => selectSubject(current, parseId(value)))}
          allowDeselect={false}
          checkIconPosition="right"
        />

        {categories.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<IconFolderOff size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No categories available"
            description={
              filters.subjectId !== null
                ? 'No categories found for the selected subject.'
                : 'No categories are currently available.'
            }
            py="md"
          >
            {filters.subjectId !== null ? (
              <EmptyState.Actions>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => onChange((current) => selectSubject(current, null))}
                >
                  Show all subjects
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {subjectName ? `${subjectName} categories` : 'Categories'}
              </Text>
              <Badge
                variant="light"
                color="gray"
                size="sm"
                aria-label={`${categories.length} categories shown`}
              >
                {categories.length}
              </Badge>
            </Group>
            <UnstyledButton
              className={classes.categoryButton}
              data-active={filters.categoryId === null || undefined}
              aria-pressed={filters.categoryId === null}
              onClick={() => pickCategory(null)}
            >
              <span className={classes.categoryNumber}>
                <IconLayoutList size={14} aria-hidden />
              </span>
              <Text span size="sm" fw={600} className={classes.categoryText}>
                Show All Categories
              </Text>
              <ProgressBadge counts={allCounts} active={filters.categoryId === null} />
            </UnstyledButton>
            {categories.map(({ node, subject }, i) => (
              <Fragment key={node.id}>
                {showSubject && subject.id !== categories[i - 1]?.subject.id ? (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts="0.06em" mt={6} px={4}>
                    {subject.name}
                  </Text>
                ) : null}
                <UnstyledButton
                  className={classes.categoryButton}
                  data-active={node.id === activeTopId || undefined}
                  aria-pressed={node.id === activeTopId}
                  onClick={() => pickCategory(node.id)}
                >
                  <span className={classes.categoryNumber}>{i + 1}</span>
                  <span className={classes.categoryText}>
                    <Text span size="sm" fw={600} display="block" lh={1.35}>
                      {node.name}
                    </Text>
                    {node.description ? (
                      <Text span size="xs" c="dimmed" display="block" lh={1.4} lineClamp={2}>
                        {node.description}
                      </Text>
                    ) : null}
                  </span>
                  <ProgressBadge
                    counts={categoryCounts.get(node.id)}
                    active={node.id === activeTopId}
                  />
                </UnstyledButton>
              </Fragment>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
