import type { ExampleVersion, RestoreStatusFrom } from '@exemplar/shared/versions';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { MathText } from '../../../components/math/math-text';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { ApiError } from '../../../lib/api-error';
import { useExampleVersions, useRestoreVersion } from '../api/example-versions';
import classes from './example-history.module.css';
import type { Lookups } from './use-lookups';
import { settingNames, STATUS_NAMES, versionEvents, when, who } from '../lib/version-labels';
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
  const [failure, setFailure] = useState<{
    version: number;
    statusFrom: RestoreStatusFrom;
    error: Error;
  } | null>(null);
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

  const confirmRestore = (v: ExampleVersion) => {
    // The status the example has now (a deleted one's when it was deleted): its newest version's.
    const current = newest?.status ?? v.status;
    const choice: { statusFrom: RestoreStatusFrom } = { statusFrom: 'current' };
    modals.openConfirmModal({
      title: `Restore version ${v.version}?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Stack gap="sm">
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
          <Text
            component="div"
            size="sm"
            fw={600}
            lineClamp={3}
            style={{ overflowWrap: 'anywhere' }}
          >
            <MathText inline text={v.question} />
          </Text>
          <RestoreStatus
            version={v}
            current={current}
            gone={gone}
            onChange={(statusFrom) => (choice.statusFrom = statusFrom)}
          />
        </Stack>
      ),
      labels: { confirm: `Restore version ${v.version}`, cancel: 'Cancel' },
      onConfirm: () => run(v.version, choice.statusFrom),
    });
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
                onClick={() => run(failure.version, failure.statusFrom, true)}
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
          {list.map((v, i) => (
            <Paper component="li" key={v.version} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={700} size="sm">
                      Version {v.version}
                    </Text>
                    <VersionBadges version={v} before={list[i + 1]} />
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
              {list.map((v, i) => (
                <Table.Tr key={v.version}>
                  <Table.Th scope="row" fw={600}>
                    {v.version}
                  </Table.Th>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <VersionBadges version={v} before={list[i + 1]} />
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

/**
 * How a version came to be ("Edited", "Published", "Restored" and "Moved to draft"...), and a
 * Draft badge on a version saved as a draft that the badges do not already say is one.
 */
function VersionBadges({
  version,
  before,
}: {
  version: ExampleVersion;
  before: ExampleVersion | undefined;
}) {
  return (
    <>
      {versionEvents(version, before).map((e) => (
        <Badge key={e.label} variant="light" color={e.color}>
          {e.label}
        </Badge>
      ))}
      {version.status === 'draft' && version.statusChangedTo !== 'draft' && (
        <Badge variant="outline" color="orange">
          Draft
        </Badge>
      )}
    </>
  );
}

/**
 * The status the example will have after restoring `version`: said when it is the one the example
 * has now (`current`), and chosen when the version's differs (keeping the current one unless
 * the editor picks the version's).
 */
function RestoreStatus({
  version,
  current,
  gone,
  onChange,
}: {
  version: ExampleVersion;
  current: ExampleVersion['status'];
  gone: boolean;
  onChange: (statusFrom: RestoreStatusFrom) => void;
}) {
  const [statusFrom, setStatusFrom] = useState<RestoreStatusFrom>('current');
  const now = gone ? 'as it was when deleted' : 'as it is now';
  if (version.status === current)
    return (
      <Text size="sm">
        Status after the restore: <strong>{STATUS_NAMES[current]}</strong> ({now}).
      </Text>
    );
  const hint = (status: ExampleVersion['status']) =>
    status === 'published' ? 'Learners see it.' : 'Only editors see it.';
  return (
    <Radio.Group
      label="Status after the restore"
      value={statusFrom}
      onChange={(value) => {
        setStatusFrom(value as RestoreStatusFrom);
        onChange(value as RestoreStatusFrom);
      }}
    >
      <Stack gap="xs" mt={6}>
        <Radio
          value="current"
          label={`${STATUS_NAMES[current]}, ${now}`}
          description={hint(current)}
        />
        <Radio
          value="version"
          label={`${STATUS_NAMES[version.status]}, as in version ${version.version}`}
          description={hint(version.status)}
        />
      </Stack>
    </Radio.Group>
  );
}
