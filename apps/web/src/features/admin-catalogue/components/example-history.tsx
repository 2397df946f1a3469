import type { ExampleVersion } from '@exemplar/shared/versions';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { ApiError } from '../../../lib/api-error';
import { useExampleVersions, useRestoreVersion } from '../api/example-versions';
import classes from './example-history.module.css';
import type { Lookups } from './use-lookups';
import { ACTION_COLORS, ACTION_LABELS, settingNames, when, who } from '../lib/version-labels';
import { usePhone } from './use-phone';
import { VersionCompare, type Pair } from './version-compare';

interface ExampleHistoryProps {
  /** The example whose history is open (a deleted one's too), or null: closed. */
  id: number | null;
  /** The example was deleted: its newest version can be restored too, bringing it back. */
  deleted?: boolean;
  lookups: Lookups;
  onClose: () => void;
}

/** The History dialog of an example: a dialog on larger screens, the whole screen on phones. */
export function ExampleHistoryModal({ id, deleted, lookups, onClose }: ExampleHistoryProps) {
  const phone = usePhone();
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={id !== null ? `History of example ${id}` : 'History'}
      size="min(1100px, 96vw)"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close history' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {id !== null && <ExampleHistory key={id} id={id} deleted={deleted} lookups={lookups} />}
    </Modal>
  );
}

/**
 * Every version of example `id`, newest first (who, when, how), any two compared word by word,
 * and any older one restored (after a confirmation) as a new version. Of a deleted example, any
 * version may be restored, the newest too: the example comes back under its own id.
 */
export function ExampleHistory({
  id,
  deleted = false,
  lookups,
}: {
  id: number;
  deleted?: boolean;
  lookups: Lookups;
}) {
  const versions = useExampleVersions(id);
  const restore = useRestoreVersion();
  const [pair, setPair] = useState<Pair | null>(null);
  const [view, setView] = useState<'changes' | 'rendered'>('changes');
  const [failure, setFailure] = useState<{ version: number; error: Error } | null>(null);
  const [broughtBack, setBroughtBack] = useState(false);
  const gone = deleted && !broughtBack;
  const names = useMemo(() => settingNames(lookups), [lookups]);
  const phone = usePhone();

  if (versions.isPending)
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label="Loading the history" />
      </Group>
    );
  if (versions.isError)
    return (
      <ErrorAlert onRetry={() => void versions.refetch()} retrying={versions.isFetching}>
        The history could not be loaded: {versions.error.message}
      </ErrorAlert>
    );

  const list = versions.data;
  const newest = list[0];

  const run = (version: number, allowDuplicate = false) => {
    setFailure(null);
    restore.mutate(
      { id, version, allowDuplicate },
      {
        onSuccess: ({ message }) => {
          setPair(null);
          setBroughtBack(true);
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message,
            autoClose: 4000,
          });
        },
        onError: (error) => setFailure({ version, error }),
      },
    );
  };

  const confirmRestore = (v: ExampleVersion) =>
    modals.openConfirmModal({
      title: `Restore version ${v.version}?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Stack gap={6}>
          {gone ? (
            <Text size="sm">
              Example {id} comes back under its own id with version {v.version}&apos;s question,
              answer, procedure, difficulty, type and category, saved as a new version
              {newest ? ` (version ${newest.version + 1})` : ''}: no version is lost.
            </Text>
          ) : (
            <Text size="sm">
              The example will take version {v.version}&apos;s question, answer, procedure,
              difficulty, type and category. It is saved as a new version
              {newest ? ` (version ${newest.version + 1})` : ''}: no version is lost, and the
              current text stays in the history to restore later.
            </Text>
          )}
          <Text size="sm" fw={600} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {v.question}
          </Text>
        </Stack>
      ),
      labels: { confirm: `Restore version ${v.version}`, cancel: 'Cancel' },
      onConfirm: () => run(v.version),
    });

  /** Current, why it cannot be restored, or its Restore button. */
  const restoreCell = (v: ExampleVersion) => {
    const missing = names.missing(v);
    return v === newest && !gone ? (
      <Text size="sm" c="dimmed">
        Current
      </Text>
    ) : missing.length ? (
      <Text size="xs" c="dimmed">
        Its {missing.join(' and ')} no longer {missing.length === 1 ? 'exists' : 'exist'}
      </Text>
    ) : (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconArrowBackUp size={14} />}
        aria-label={`Restore version ${v.version}`}
        loading={restore.isPending && restore.variables?.version === v.version}
        onClick={() => confirmRestore(v)}
      >
        Restore
      </Button>
    );
  };

  const repeated =
    failure?.error instanceof ApiError && failure.error.reason === 'DuplicateQuestion'
      ? failure.error.existingId
      : undefined;

  return (
    <Stack gap="lg">
      {gone && (
        <Alert color="orange" variant="light" icon={<IconTrash size={18} />} title="Deleted">
          Example {id} was deleted. Restore one of its versions to bring it back.
        </Alert>
      )}
      {failure && (
        <ErrorAlert title="Restore failed" onClose={() => setFailure(null)}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure.error.message}</Text>
            {repeated !== undefined && (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={restore.isPending}
                onClick={() => run(failure.version, true)}
              >
                Restore anyway
              </Button>
            )}
          </Stack>
        </ErrorAlert>
      )}

      {phone ? (
        <Stack
          component="ul"
          gap="xs"
          aria-label={`Versions of example ${id}`}
          className={classes.cards}
        >
          {list.map((v) => (
            <Paper component="li" key={v.version} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={700} size="sm">
                      Version {v.version}
                    </Text>
                    <Badge variant="light" color={ACTION_COLORS[v.action]}>
                      {ACTION_LABELS[v.action]}
                    </Badge>
                    <DraftBadge version={v} />
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {who(v)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {when(v.editedAt)}
                  </Text>
                </Stack>
                {restoreCell(v)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table aria-label={`Versions of example ${id}`} verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Version</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Restore</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((v) => (
                <Table.Tr key={v.version}>
                  <Table.Th scope="row" fw={600}>
                    {v.version}
                  </Table.Th>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="light" color={ACTION_COLORS[v.action]}>
                        {ACTION_LABELS[v.action]}
                      </Badge>
                      <DraftBadge version={v} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {who(v)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {when(v.editedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{restoreCell(v)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <VersionCompare
        list={list}
        pair={pair}
        onPair={setPair}
        view={view}
        onView={setView}
        names={names}
      />
    </Stack>
  );
}

/** A version saved as a draft says so (restoring it makes the example a draft again). */
function DraftBadge({ version }: { version: ExampleVersion }) {
  return version.status === 'draft' ? (
    <Badge variant="outline" color="orange">
      Draft
    </Badge>
  ) : null;
}
