import { Breadcrumbs, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconMapPin, IconSubtask } from '@tabler/icons-react';
import { countsById, useProgress } from '../api/get-progress';
import { breadcrumbSteps, indexCategoryTree, subcategoriesOf } from '../../../lib/category-tree';
import type { FilterCatalogue } from '../../../api/example-filters';
import classes from './examples.module.css';
import { ProgressBadge } from './progress-badge';

interface CategoryTrailProps {
  catalogue: FilterCatalogue;
  categoryId: number | null;
  /** Moves to a category of the path, or to null: all categories of the subject. */
  onSelect: (categoryId: number | null) => void;
}

/**
 * 'You are here' breadcrumb of the chosen category with a clickable path back up, and the list
 * 'Available subcategories' to drill down. Nothing when no category is chosen.
 */
export function CategoryTrail({ catalogue, categoryId, onSelect }: CategoryTrailProps) {
  const counts = countsById(useProgress().data?.categories);
  const index = indexCategoryTree(catalogue.categoryTree);
  const steps = breadcrumbSteps(index, categoryId);
  if (steps.length === 0) return null;
  const subcategories = subcategoriesOf(index, categoryId);

  return (
    <Card padding="md" className={classes.trail} component="nav" aria-label="You are here">
      <Stack gap="sm">
        <div>
          <Group gap={6} mb={4} wrap="nowrap">
            <IconMapPin size={16} aria-hidden color="var(--mantine-color-brand-filled)" />
            <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts="0.06em">
              You are here
            </Text>
          </Group>
          <Breadcrumbs
            separator={<IconChevronRight size={14} aria-hidden />}
            separatorMargin={4}
            style={{ flexWrap: 'wrap', rowGap: 4, minWidth: 0 }}
          >
            {steps.map((step) =>
              step.current ? (
                <Text key="current" className={classes.crumbCurrent} aria-current="location">
                  {step.label}
                </Text>
              ) : (
                <UnstyledButton
                  key={step.categoryId ?? 'subject'}
                  className={classes.crumb}
                  onClick={() => onSelect(step.categoryId)}
                  title={
                    step.categoryId === null
                      ? `All categories of ${step.label}`
                      : `Back to ${step.label}`
                  }
                >
                  {step.label}
                </UnstyledButton>
              ),
            )}
          </Breadcrumbs>
        </div>

        {subcategories.length > 0 ? (
          <div>
            <Group gap={6} mb={6} wrap="nowrap">
              <IconSubtask size={16} aria-hidden color="var(--mantine-color-brand-filled)" />
              <Text
                size="xs"
                c="dimmed"
                fw={700}
                tt="uppercase"
                lts="0.06em"
                id="available-subcategories"
              >
                Available subcategories
              </Text>
            </Group>
            <Group gap={8} role="list" aria-labelledby="available-subcategories">
              {subcategories.map((node, i) => (
                <div role="listitem" key={node.id}>
                  <UnstyledButton
                    className={classes.categoryButton}
                    onClick={() => onSelect(node.id)}
                    title={node.description || node.name}
                    style={{ width: 'auto' }}
                    bg="var(--mantine-color-body)"
                  >
                    <span className={classes.categoryNumber}>{i + 1}</span>
                    <Text span size="sm" fw={600}>
                      {node.name}
                    </Text>
                    <ProgressBadge counts={counts.get(node.id)} />
                  </UnstyledButton>
                </div>
              ))}
            </Group>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}
