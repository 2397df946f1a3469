import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Divider,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCalendar, IconCheck, IconEyeOff, IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { isNotFound } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { useExample } from '../api/get-example';
import { useExamplePosition } from '../api/get-example-position';
import { useRelatedExamples } from '../api/get-related-examples';
import { useExampleFilters } from '../../../api/use-example-filters';
import { useFilterCatalogue } from '../../../api/use-filter-catalogue';
import { useViewer } from '../../../lib/auth/use-viewer';
import { usePracticeMode } from '../hooks/use-practice-mode';
import { useTryFirst } from '../hooks/use-try-first';
import { categoryName, indexCategoryTree } from '../../../lib/category-tree';
import { examplesListPath, type ExampleFilters } from '../../../api/example-filters';
import { formatDate, formatDateTime } from '../lib/format';
import { examplePageMeta } from '../lib/page-meta';
import { DifficultyBadge } from './difficulty-icon';
import { CategoryBreadcrumb, DetailLoading, NeighbourNav, NotFound } from './example-detail-parts';
import { ExampleMarks } from './example-marks';
import { ExampleAttempt } from './attempt/example-attempt';
import classes from './examples.module.css';
import { MathSection } from './math-section';
import { TryFirstSwitch } from './try-first-switch';
import { RandomExampleButton } from './random-example-button';
import { RelatedExamples } from './related-examples';
import { ExamplesError } from './screen-states';

async function copyLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    notifications.show({
      message: 'Link copied',
      color: 'teal',
      icon: <IconCheck size={18} />,
      autoClose: 2500,
    });
  } catch {
    notifications.show({
      message: 'Could not copy the link. Copy it from the address bar instead.',
      color: 'red',
    });
  }
}

/**
 * Position, previous and next within the list the user came from (the filters in the URL): one
 * request, however far down the list the example is.
 */
function useNeighbours(id: number | null, filters: ExampleFilters, enabled: boolean) {
  const place = useExamplePosition(id, filters, { enabled });
  const data = place.data;
  return {
    previousId: data?.previousId ?? null,
    nextId: data?.nextId ?? null,
    position: data?.position,
    total: data?.total,
    loading: place.isPending && place.fetchStatus !== 'idle',
  };
}

/** Shown to an editor previewing a draft: who can see it, and where to publish it. */
function DraftNotice() {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconEyeOff size={20} aria-hidden />}
      title="Draft: only editors can see this example"
    >
      This is how learners will see it once it is published. Until then it is in no list, search or
      random pick, and its address is not found for anyone else; likes, solved marks and answer
      checking open when it is published. Publish it from{' '}
      <Anchor component={Link} to={`${paths.admin}?tab=examples`} inherit>
        Catalogue Admin
      </Anchor>
      .
    </Alert>
  );
}

/** /examples/{id}: one example on its own page, with previous/next inside the list's filters. */
export function ExampleDetailScreen({ id }: { id: number | null }) {
  const initial = useFilterCatalogue();
  const catalogue = initial.catalogue;
  const signedIn = useViewer() !== null;
  const { filters } = useExampleFilters(catalogue, { signedIn });
  const query = useExample(id);
  const related = useRelatedExamples(id);
  const neighbours = useNeighbours(id, filters, initial.status === 'success');
  const backTo = examplesListPath(filters);
  const tryFirst = useTryFirst();
  const [practice, setPractice] = usePracticeMode();
  // Practice mode (the lists' setting) folds this page too; turning try first off here shows the
  // answer, so it turns practice mode off as well.
  const folded = tryFirst.on || practice;
  const setFolded = (on: boolean) => {
    tryFirst.set(on);
    if (!on && practice) setPractice(false);
  };

  const pendingTitle = (
    <title>{id === null ? 'Example — Exemplar' : `Example ${id} — Exemplar`}</title>
  );
  if (id === null || (query.isError && isNotFound(query.error))) {
    return (
      <>
        <title>Example not found — Exemplar</title>
        <NotFound id={id} backTo={backTo} />
      </>
    );
  }
  if (query.isError) {
    return (
      <Container size="md" py="xl">
        {pendingTitle}
        <ExamplesError
          title="Error Loading Example"
          message={query.error.message || 'Failed to load the example'}
          onRetry={() => void query.refetch()}
        />
      </Container>
    );
  }
  if (query.isPending || !catalogue) {
    return (
      <>
        {pendingTitle}
        <DetailLoading />
      </>
    );
  }

  const example = query.data;
  const difficulty = catalogue.difficulties.find((d) => d.id === example.difficultyId);
  const type = catalogue.types.find((t) => t.id === example.typeId);
  const categories = indexCategoryTree(catalogue.categoryTree);
  const category = categoryName(categories, example.categoryId);

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <PageMeta {...examplePageMeta(example, catalogue)} />
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={backTo} fw={600} size="sm">
            <Group gap={6} component="span" wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              Back to examples
            </Group>
          </Anchor>
          <Group gap="xs">
            <RandomExampleButton filters={filters} size="xs" variant="default" />
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLink size={16} />}
              onClick={() => void copyLink()}
            >
              Copy link
            </Button>
          </Group>
        </Group>

        {example.status === 'draft' && <DraftNotice />}

        <CategoryBreadcrumb
          catalogue={catalogue}
          categoryId={example.categoryId}
          subjectId={example.subjectId}
        />

        <Card component="article" className={classes.detailCard} aria-labelledby="example-title">
          <Stack gap="lg">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Title order={1} fz={{ base: 24, sm: 30 }} id="example-title">
                  Example {example.id}
                </Title>
                {neighbours.total === undefined ? null : neighbours.position ? (
                  <Text size="sm" c="dimmed" mt={6}>
                    {neighbours.position} of {neighbours.total} in this list
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed" mt={6}>
                    Not in this list
                  </Text>
                )}
              </Group>
              <Group gap={6}>
                <DifficultyBadge name={difficulty?.name} />
                <Badge variant="light" color="brand">
                  {type?.name ?? 'Unknown'}
                </Badge>
                <Badge variant="outline" color="gray" tt="none">
                  {category}
                </Badge>
              </Group>
              <Group justify="space-between" gap="sm" mt={4}>
                {example.status === 'draft' ? (
                  <span />
                ) : (
                  <ExampleMarks example={example} layout="page" />
                )}
                <TryFirstSwitch on={folded} onChange={setFolded} />
              </Group>
            </Stack>

            <MathSection label="Question" text={example.question} />
            <ExampleAttempt key={example.id} example={example} tryFirst={folded} />

            <Group gap="lg" className={classes.cardFooter}>
              <Text size="sm" c="dimmed" component="span" title={formatDateTime(example.createdAt)}>
                <Group gap={4} component="span" wrap="nowrap">
                  <IconCalendar size={14} aria-hidden />
                  Created <time dateTime={example.createdAt}>{formatDate(example.createdAt)}</time>
                </Group>
              </Text>
              {example.updatedAt && example.updatedAt !== example.createdAt ? (
                <Text size="sm" c="dimmed" title={formatDateTime(example.updatedAt)}>
                  Updated <time dateTime={example.updatedAt}>{formatDate(example.updatedAt)}</time>
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Card>

        <Divider />

        <NeighbourNav
          previousId={neighbours.previousId}
          nextId={neighbours.nextId}
          loading={neighbours.loading}
          filters={filters}
        />

        <RelatedExamples
          examples={related.data}
          categoryName={(categoryId) => categoryName(categories, categoryId)}
        />
      </Stack>
    </Container>
  );
}
