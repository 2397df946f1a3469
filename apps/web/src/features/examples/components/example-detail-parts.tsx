import {
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconSearchOff,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { indexCategoryTree } from '../../../lib/category-tree';
import {
  EMPTY_FILTERS,
  exampleDetailPath,
  examplesListPath,
  type ExampleFilters,
  type FilterCatalogue,
} from '../../../api/example-filters';

// The parts of the example page (example-detail-screen.tsx) besides the example itself.

export function DetailLoading() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" fw={500}>
          Loading example...
        </Text>
      </Stack>
    </Center>
  );
}

export function NotFound({ id, backTo }: { id: number | null; backTo: string }) {
  return (
    <Center mih="50vh">
      <EmptyState
        withIndicatorBackground
        size="lg"
        icon={<IconSearchOff size={32} stroke={1.5} />}
        title="Example not found"
        description={
          id === null
            ? 'This is not a valid example address.'
            : `There is no example with ID ${id}. It may have been removed.`
        }
        maw={460}
      >
        <EmptyState.Actions>
          <Button component={Link} to={backTo} leftSection={<IconArrowLeft size={18} />}>
            Back to examples
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}

/** Subject › category › subcategory, each a link to the list filtered by it. */
export function CategoryBreadcrumb({
  catalogue,
  categoryId,
  subjectId,
}: {
  catalogue: FilterCatalogue | undefined;
  categoryId: number;
  subjectId: number;
}) {
  if (!catalogue) return null;
  const location = indexCategoryTree(catalogue.categoryTree).get(categoryId);
  const subject =
    location?.subject ?? catalogue.subjects.find((candidate) => candidate.id === subjectId);
  if (!subject) return null;
  const path = location?.path ?? [];
  return (
    <nav aria-label="Category path">
      <Breadcrumbs
        separator={<IconChevronRight size={14} aria-hidden />}
        separatorMargin={4}
        style={{ flexWrap: 'wrap', rowGap: 4 }}
      >
        <Anchor
          component={Link}
          to={examplesListPath({ ...EMPTY_FILTERS, subjectId: subject.id })}
          size="sm"
          fw={600}
        >
          {subject.name}
        </Anchor>
        {path.map((node) => (
          <Anchor
            key={node.id}
            component={Link}
            to={examplesListPath({ ...EMPTY_FILTERS, subjectId: subject.id, categoryId: node.id })}
            size="sm"
            fw={node.id === categoryId ? 700 : 600}
            c={node.id === categoryId ? 'var(--mantine-color-text)' : undefined}
          >
            {node.name}
          </Anchor>
        ))}
      </Breadcrumbs>
    </nav>
  );
}

/** Previous and Next within the list the user came from (disabled at either end). */
export function NeighbourNav({
  previousId,
  nextId,
  loading,
  filters,
}: {
  previousId: number | null;
  nextId: number | null;
  loading: boolean;
  filters: ExampleFilters;
}) {
  return (
    <Group justify="space-between" gap="sm" component="nav" aria-label="Previous and next example">
      {previousId ? (
        <Button
          component={Link}
          to={exampleDetailPath(previousId, filters)}
          variant="default"
          leftSection={<IconChevronLeft size={18} />}
        >
          Previous
        </Button>
      ) : (
        <Button variant="default" disabled leftSection={<IconChevronLeft size={18} />}>
          Previous
        </Button>
      )}
      {nextId ? (
        <Button
          component={Link}
          to={exampleDetailPath(nextId, filters)}
          rightSection={<IconChevronRight size={18} />}
        >
          Next
        </Button>
      ) : (
        <Button disabled loading={loading} rightSection={<IconChevronRight size={18} />}>
          Next
        </Button>
      )}
    </Group>
  );
}
