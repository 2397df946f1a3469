import { Anchor, Button, Center, Group, Stack, Text } from '@mantine/core';
import type { ExamplesPage } from '@exemplar/shared/catalogue';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMemo } from 'react';
import { MathmlOnly } from '../../../components/math/mathml-only';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { failureMessage } from '../../../lib/api-error';
import { categoryName, indexCategoryTree } from '../../../lib/category-tree';
import { EXAMPLES_PAGE_SIZE } from '../api/get-examples';
import {
  exampleDetailPath,
  examplesListPagePath,
  examplesListPath,
  type ExampleFilters,
  type FilterCatalogue,
} from '../../../api/example-filters';
import { ExampleCard } from './example-card';
import { ExamplesError, ExamplesLoading, NoExamplesFound } from './screen-states';

/**
 * Cards the server writes with all of KaTeX's markup: the first screen of a desktop and more than
 * a phone's. Those after them get their maths as MathML only, typeset in full by the browser as
 * they near the screen (MathmlOnly).
 */
const FIRST_SCREEN_CARDS = 3;

/** Said when loading the list failed and the server gave no message. */
const EXAMPLES_FAILED = 'Failed to load examples';

interface ExampleResultsProps {
  query: UseInfiniteQueryResult<InfiniteData<ExamplesPage>, Error>;
  catalogue: FilterCatalogue;
  filters: ExampleFilters;
  /** The page of the list shown first (`?page=`), 1 for its start. */
  startPage?: number;
}

/**
 * The list: loading, error, empty, or the numbered cards with 'Load more' (in place) and a link to
 * the next page (`?page=`); a list opened at a later page links to the page before.
 */
export function ExampleResults({ query, catalogue, filters, startPage = 1 }: ExampleResultsProps) {
  const examples = useMemo(
    () => query.data?.pages.flatMap((page) => page.examples) ?? [],
    [query.data],
  );
  const difficulties = useMemo(
    () => new Map(catalogue.difficulties.map((d) => [d.id, d])),
    [catalogue.difficulties],
  );
  const types = useMemo(() => new Map(catalogue.types.map((t) => [t.id, t])), [catalogue.types]);
  const index = indexCategoryTree(catalogue.categoryTree);

  if (query.isPending) return <ExamplesLoading />;
  if (query.isError && examples.length === 0) {
    return (
      <ExamplesError
        message={failureMessage(query.error, EXAMPLES_FAILED)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (examples.length === 0) {
    const near = query.data?.pages[0]?.didYouMean ?? [];
    return (
      <NoExamplesFound
        didYouMean={near.map((q) => ({ text: q, href: examplesListPath({ ...filters, q }) }))}
      />
    );
  }

  const total = query.data?.pages.at(-1)?.total ?? examples.length;
  const before = (startPage - 1) * EXAMPLES_PAGE_SIZE;
  const nextPage = startPage + (query.data?.pages.length ?? 1);

  return (
    <Stack gap="md">
      {startPage > 1 ? (
        <Group justify="center">
          <Anchor component={Link} to={examplesListPagePath(filters, startPage - 1)} fw={600}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconChevronUp size={16} aria-hidden />
              Previous page
            </Group>
          </Anchor>
        </Group>
      ) : null}
      {examples.map((example, i) => (
        <MathmlOnly key={example.id} when={i >= FIRST_SCREEN_CARDS}>
          <ExampleCard
            example={example}
            number={before + i + 1}
            difficulty={difficulties.get(example.difficultyId)}
            type={types.get(example.typeId)}
            categoryName={categoryName(index, example.categoryId)}
            href={exampleDetailPath(example.id, filters)}
          />
        </MathmlOnly>
      ))}

      {query.isFetchNextPageError ? (
        <ErrorAlert>
          {query.error ? failureMessage(query.error, EXAMPLES_FAILED) : EXAMPLES_FAILED}
        </ErrorAlert>
      ) : null}

      <Center>
        <Stack align="center" gap={6} py="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {before === 0
              ? `Showing ${examples.length} of ${total}`
              : `Showing ${before + 1}–${before + examples.length} of ${total}`}
          </Text>
          {query.hasNextPage ? (
            <>
              <Button
                variant="light"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                rightSection={<IconChevronDown size={16} />}
              >
                Load more
              </Button>
              {/* The next page on a page of its own: a link for search engines, readers without
                  JavaScript and anyone who wants a shorter page. */}
              <Anchor component={Link} to={examplesListPagePath(filters, nextPage)} size="sm">
                Next page
              </Anchor>
            </>
          ) : null}
        </Stack>
      </Center>
    </Stack>
  );
}
