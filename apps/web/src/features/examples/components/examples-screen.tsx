import { Badge, Box, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useExamples } from '../api/get-examples';
import { useExampleFilters, type FiltersUpdate } from '../../../api/use-example-filters';
import { useFilterCatalogue } from '../../../api/use-filter-catalogue';
import { PageMeta } from '../../../components/page-meta';
import { useViewer } from '../../../lib/auth/use-viewer';
import { parseListPage, selectCategory } from '../../../api/example-filters';
import { examplesPageMeta } from '../lib/page-meta';
import { CategoryPanel } from './category-panel';
import { CategoryTrail } from './category-trail';
import { ExampleResults } from './example-results';
import classes from './examples.module.css';
import { FilterExamplesCard } from './filter-examples-card';
import { ExamplesScreenLoading, InitialDataError } from './screen-states';

/**
 * The header badge: '<n> Examples Available', '1 Example Available', and 'No Examples Available'
 * for none (a count of zero reads like a fault; the words say it plainly). Before the count is in:
 * 'Examples Available'.
 */
export function examplesAvailableLabel(total: number | undefined): string {
  if (total === undefined) return 'Examples Available';
  if (total === 0) return 'No Examples Available';
  return total === 1 ? '1 Example Available' : `${total} Examples Available`;
}

/** /examples — Browse Examples. */
export function ExamplesScreen() {
  const initial = useFilterCatalogue();
  const signedIn = useViewer() !== null;
  const { filters, setFilters } = useExampleFilters(initial.catalogue, { signedIn });
  const [searchParams] = useSearchParams();
  const startPage = parseListPage(searchParams);
  // Examples load only once the initial data is there, one cache entry per filter set.
  const examples = useExamples(filters, { enabled: initial.status === 'success', startPage });
  const resultsRef = useRef<HTMLDivElement>(null);

  const title = <title>Browse Examples — Exemplar</title>;
  if (initial.status === 'pending') {
    return (
      <>
        {title}
        <ExamplesScreenLoading />
      </>
    );
  }
  if (initial.status === 'error') {
    return (
      <>
        {title}
        <InitialDataError error={initial.error} />
      </>
    );
  }
  const { catalogue } = initial;

  const total = examples.data?.pages.at(-1)?.total;

  const change = (update: FiltersUpdate) => {
    setFilters(update);
    // Filters changed from far down the list (the side panel is sticky): back to the top.
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageMeta
        {...examplesPageMeta(filters, catalogue, {
          total,
          page: startPage,
          hasNext: examples.data?.pages[0]?.nextCursor != null,
        })}
      />
      <Box component="header" className={classes.hero} py={{ base: 'lg', sm: 32 }}>
        <Container>
          <Group justify="space-between" align="flex-end" gap="md">
            <div>
              <Title order={1} fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em' }}>
                Browse Examples
              </Title>
              <Text c="dimmed" mt={4} maw={620}>
                Worked maths problems with answers and full procedures. Narrow them down by subject,
                category, difficulty and type.
              </Text>
            </div>
            <Group gap="xs">
              <Badge
                size="lg"
                radius="md"
                variant="filled"
                tt="none"
                data-testid="examples-available"
                leftSection={
                  examples.isPending ? (
                    <Loader size={12} color="white" aria-label="Counting examples" />
                  ) : (
                    <IconBooks size={16} aria-hidden />
                  )
                }
              >
                {examplesAvailableLabel(total)}
              </Badge>
              <Badge
                size="lg"
                radius="md"
                variant="light"
                color="teal"
                tt="none"
                leftSection={<IconRefresh size={16} aria-hidden />}
              >
                Updated Daily
              </Badge>
            </Group>
          </Group>
        </Container>
      </Box>

      <Container py={{ base: 'md', sm: 'xl' }}>
        <div className={classes.layout}>
          <aside className={classes.aside} aria-label="Category filters">
            <CategoryPanel catalogue={catalogue} filters={filters} onChange={change} />
          </aside>
          <Stack gap="md" className={classes.main} ref={resultsRef}>
            <CategoryTrail
              catalogue={catalogue}
              categoryId={filters.categoryId}
              onSelect={(categoryId) => change((current) => selectCategory(current, categoryId))}
            />
            <FilterExamplesCard
              catalogue={catalogue}
              filters={filters}
              onChange={change}
              total={total}
              counting={examples.isPending}
              signedIn={signedIn}
            />
            <ExampleResults
              query={examples}
              catalogue={catalogue}
              filters={filters}
              startPage={startPage}
            />
          </Stack>
        </div>
      </Container>
    </>
  );
}
