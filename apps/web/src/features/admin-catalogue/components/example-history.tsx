import type { ExampleVersion, RestoreStatusFrom } from '@exemplar/shared/versions';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { ApiError } from '../../../lib/api-error';
import { useExampleVersions, useRestoreVersion } from '../api/example-versions';
import { settingNames } from '../lib/version-labels';
import { confirmRestore } from './restore-confirm';
import type { Lookups } from './use-lookups';
import { usePhone } from './use-phone';
import { VersionCompare, type Pair } from './version-compare';
import { VersionList } from './version-list';

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
  const [failure, setFailure] = useState<{
    version: number;
    statusFrom: RestoreStatusFrom;
    error: Error;
  } | null>(null);
  const [broughtBack, setBroughtBack] = useState(false);
  const gone = deleted && !broughtBack;
  const names = useMemo(() => settingNames(lookups), [lookups]);

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

  const run = (version: number, statusFrom: RestoreStatusFrom, allowDuplicate = false) => {
    setFailure(null);
    restore.mutate(
      { id, version, statusFrom, allowDuplicate },
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
        onError: (error) => setFailure({ version, statusFrom, error }),
      },
    );
  };

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
        onClick={() =>
          confirmRestore({
            id,
            version: v,
            newest,
            gone,
            onConfirm: (statusFrom) => run(v.version, statusFrom),
          })
        }
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
                onClick={() => run(failure.version, failure.statusFrom, true)}
              >
                Restore anyway
              </Button>
            )}
          </Stack>
        </ErrorAlert>
      )}

      <VersionList id={id} list={list} restoreCell={restoreCell} />

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
