import type { DeletedExample } from '@exemplar/shared/versions';
import { Button, Collapse, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { useDeletedExamples } from '../api/example-versions';
import { loadFailed } from '../lib/entities';
import { truncateText } from '../lib/truncate';
import { when } from '../lib/version-labels';
import { WrappingText } from './entity-cells';

/**
 * The deleted examples, for a super admin: a section under the examples that opens on demand and
 * lists each one (id, question, when deleted) with a History button, where a version of it can be
 * restored. The most recently edited first, paged with 'Load more'.
 */
export function DeletedExamples({ onHistory }: { onHistory: (id: number) => void }) {
  const [opened, setOpened] = useState(false);
  const deleted = useDeletedExamples(opened);
  const rows = deleted.data?.pages.flatMap((page) => page.examples) ?? [];

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="deleted-examples">
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" id="deleted-examples">
            Deleted examples
          </Title>
          <Text size="xs" c="dimmed">
            Deleted examples keep their history: open it to restore one.
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          aria-expanded={opened}
          aria-controls="deleted-examples-list"
          style={{ flexShrink: 0 }}
          rightSection={opened ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => setOpened((o) => !o)}
        >
          {opened ? 'Hide' : 'Show'}
        </Button>
      </Group>
      <Collapse expanded={opened} id="deleted-examples-list">
        <Stack gap="xs" mt="sm">
          {deleted.isPending && opened ? (
            <Group justify="center" p="sm">
              <Loader size="sm" aria-label="Loading the deleted examples" />
            </Group>
          ) : deleted.isError && !deleted.data ? (
            <ErrorAlert onRetry={() => void deleted.refetch()} retrying={deleted.isFetching}>
              {loadFailed(deleted.error.message)}
            </ErrorAlert>
          ) : rows.length === 0 ? (
            deleted.data && (
              <Text size="sm" c="dimmed" ta="center" py="sm">
                No deleted examples.
              </Text>
            )
          ) : (
            <Stack gap={0} component="ul" aria-label="Deleted examples" m={0} p={0}>
              {rows.map((row) => (
                <DeletedRow key={row.id} row={row} onHistory={() => onHistory(row.id)} />
              ))}
            </Stack>
          )}
          {deleted.isFetchNextPageError && (
            <ErrorAlert onRetry={() => void deleted.fetchNextPage()}>
              {loadFailed(deleted.error?.message ?? '')}
            </ErrorAlert>
          )}
          {deleted.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                size="xs"
                loading={deleted.isFetchingNextPage}
                onClick={() => void deleted.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}

function DeletedRow({ row, onHistory }: { row: DeletedExample; onHistory: () => void }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Text size="sm" c="dimmed" ff="monospace">
            {row.id}
          </Text>
          <WrappingText title={row.question}>{truncateText(row.question)}</WrappingText>
        </Group>
        <Text size="xs" c="dimmed">
          {row.deletedAt
            ? `Deleted ${when(row.deletedAt)}`
            : `Last edited ${when(row.lastEditedAt)}`}{' '}
          · version {row.lastVersion}
        </Text>
      </Stack>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconHistory size={14} />}
        aria-label={`History of deleted example ${row.id}`}
        onClick={onHistory}
        style={{ flexShrink: 0 }}
      >
        History
      </Button>
    </Group>
  );
}
