import type { Example } from '@exemplar/shared/catalogue';
import { Alert, Anchor, Container, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { examplesListPath, toExamplesQuery } from '../../../api/example-filters';
import { viewerKey } from '../../../api/examples';
import { useFilterCatalogue } from '../../../api/use-filter-catalogue';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { useViewer } from '../../../lib/auth/use-viewer';
import { paths } from '../../../lib/paths';
import { dueReviewsQueryOptions, worksheetQueryOptions } from '../api/get-worksheet';
import { useWorksheetParams } from '../hooks/use-worksheet-params';
import { defaultWorksheetTitle } from '../lib/worksheet-title';
import classes from './worksheet.module.css';
import { WorksheetSettingsBar } from './worksheet-settings';
import { WorksheetSheet } from './worksheet-sheet';

/**
 * /worksheet — a printable sheet of questions with the answer key on its own page. The questions
 * are the list's filters drawn in the seed's order (GET /examples/worksheet), or with
 * `source=reviews` the caller's reviews due now, in due order (GET /reviews/due). The settings bar
 * and the app's header and footer are not printed.
 */
export function WorksheetScreen() {
  const initial = useFilterCatalogue();
  const viewer = useViewer();
  const signedIn = viewer !== null;
  const { filters, settings, update } = useWorksheetParams(initial.catalogue, { signedIn });
  const reviews = settings.source === 'reviews';
  const who = viewerKey(viewer);

  const query = toExamplesQuery(filters, { signedIn });
  const drawn = useQuery({
    ...worksheetQueryOptions(who, query, settings.count, settings.seed ?? ''),
    enabled: !reviews && initial.status === 'success' && settings.seed !== null,
  });
  const due = useQuery({
    ...dueReviewsQueryOptions(who, settings.count),
    enabled: reviews && signedIn,
  });
  const current = reviews ? due : drawn;
  const examples: Example[] | undefined = reviews
    ? due.data?.examples.map((item) => item.example)
    : drawn.data?.examples;

  const defaultTitle = defaultWorksheetTitle(filters, initial.catalogue, {
    count: examples?.length || settings.count,
    source: settings.source,
  });
  const title = settings.title ?? defaultTitle;

  const failure = current.error ?? (!reviews ? initial.error : null);
  let body: React.ReactNode;
  if (failure) {
    body = (
      <ErrorAlert
        title="Could not load the worksheet"
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      >
        {failure.message}
      </ErrorAlert>
    );
  } else if (!examples) {
    body = (
      <Stack align="center" py="xl" gap="xs">
        <Loader aria-label="Loading worksheet" />
        <Text c="dimmed">Drawing the questions…</Text>
      </Stack>
    );
  } else if (examples.length === 0) {
    body = (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={20} />}
        title="Nothing to print"
      >
        {reviews ? (
          <>
            No reviews are due now.{' '}
            <Anchor component={Link} to={paths.examples}>
              Browse examples
            </Anchor>{' '}
            to make a worksheet from the catalogue instead.
          </>
        ) : (
          <>
            No examples match these filters.{' '}
            <Anchor component={Link} to={examplesListPath(filters)}>
              Change the filters
            </Anchor>
            .
          </>
        )}
      </Alert>
    );
  } else {
    body = <WorksheetSheet title={title} examples={examples} procedures={settings.procedures} />;
  }

  return (
    <>
      <title>{`${title} — Exemplar`}</title>
      <Container size="lg" py={{ base: 'md', sm: 'xl' }} className={classes.page}>
        <Stack gap="lg">
          <div className={classes.screenOnly}>
            <WorksheetSettingsBar
              settings={settings}
              defaultTitle={defaultTitle}
              onChange={update}
              canReorder={!reviews}
              canPrint={Boolean(examples?.length)}
            />
            {!reviews && drawn.data && drawn.data.total > drawn.data.examples.length ? (
              <Text size="sm" c="dimmed" mt="xs">
                {drawn.data.examples.length} of the {drawn.data.total} examples these filters match,
                in an order of their own. “New order” draws again.
              </Text>
            ) : null}
          </div>
          {body}
        </Stack>
      </Container>
    </>
  );
}
