import type { Example } from '@exemplar/shared/catalogue';
import type { ExampleVersion } from '@exemplar/shared/versions';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { MathText } from '../../../components/math/math-text';
import { ApiError } from '../../../lib/api-error';
import { useExampleVersions, useRestoreVersion } from '../api/example-versions';
import classes from './example-history.module.css';
import type { Lookups } from './use-lookups';
import { usePhone } from './use-phone';
import { VersionDiff, type SettingNames } from './version-diff';

const ACTION_LABELS: Record<ExampleVersion['action'], string> = {
  create: 'Created',
  edit: 'Edited',
  restore: 'Restored',
  import: 'Imported',
};
const ACTION_COLORS: Record<ExampleVersion['action'], string> = {
  create: 'teal',
  edit: 'blue',
  restore: 'violet',
  import: 'gray',
};

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : whenFormat.format(date);
}
const who = (v: ExampleVersion) =>
  v.editedBy ? v.editedBy.name || v.editedBy.email : 'Not recorded';

/** Names of a version's references, "(deleted)" for one that no longer exists. */
function settingNames(
  lookups: Lookups,
): SettingNames & { missing: (v: ExampleVersion) => string[] } {
  const difficulty = (v: ExampleVersion) =>
    lookups.difficulties.find((d) => d.id === v.difficultyId)?.name;
  const type = (v: ExampleVersion) => lookups.types.find((t) => t.id === v.typeId)?.name;
  const category = (v: ExampleVersion) =>
    v.categoryId === null ? undefined : lookups.index.pathLabel(v.categoryId) || undefined;
  const known = (v: ExampleVersion) => ({
    difficulty: v.difficultyId !== null && difficulty(v) !== undefined,
    type: v.typeId !== null && type(v) !== undefined,
    category: v.categoryId !== null && lookups.index.byId.has(v.categoryId),
  });
  return {
    difficulty: (v) => (known(v).difficulty ? difficulty(v)! : '(deleted difficulty)'),
    type: (v) => (known(v).type ? type(v)! : '(deleted type)'),
    category: (v) => (known(v).category ? category(v)! : '(deleted category)'),
    missing: (v) =>
      Object.entries(known(v))
        .filter(([, ok]) => !ok)
        .map(([name]) => name),
  };
}

interface ExampleHistoryProps {
  example: Example | null;
  lookups: Lookups;
  onClose: () => void;
}

/** The History dialog of an example: a dialog on larger screens, the whole screen on phones. */
export function ExampleHistoryModal({ example, lookups, onClose }: ExampleHistoryProps) {
  const phone = usePhone();
  return (
    <Modal
      opened={example !== null}
      onClose={onClose}
      title={example ? `History of example ${example.id}` : 'History'}
      size="min(1100px, 96vw)"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close history' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {example && <ExampleHistory key={example.id} id={example.id} lookups={lookups} />}
    </Modal>
  );
}

/**
 * Every version of example `id`, newest first (who, when, how), any two compared word by word,
 * and any older one restored (after a confirmation) as a new version.
 */
export function ExampleHistory({ id, lookups }: { id: number; lookups: Lookups }) {
  const versions = useExampleVersions(id);
  const restore = useRestoreVersion();
  const [pair, setPair] = useState<{ older: number; newer: number } | null>(null);
  const [view, setView] = useState<'changes' | 'rendered'>('changes');
  const [failure, setFailure] = useState<{ version: number; error: Error } | null>(null);
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
  const chosen =
    pair ?? (list.length > 1 ? { older: list[1]!.version, newer: list[0]!.version } : null);
  const byNumber = new Map(list.map((v) => [v.version, v]));
  const older = chosen && byNumber.get(chosen.older);
  const newer = chosen && byNumber.get(chosen.newer);
  const options = list.map((v) => ({
    value: String(v.version),
    label: `Version ${v.version} · ${ACTION_LABELS[v.action]} ${when(v.editedAt)}`,
  }));

  const run = (version: number, allowDuplicate = false) => {
    setFailure(null);
    restore.mutate(
      { id, version, allowDuplicate },
      {
        onSuccess: ({ message }) => {
          setPair(null);
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
          <Text size="sm">
            The example will take version {v.version}&apos;s question, answer, procedure,
            difficulty, type and category. It is saved as a new version
            {newest ? ` (version ${newest.version + 1})` : ''}: no version is lost, and the current
            text stays in the history to restore later.
          </Text>
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
    return v === newest ? (
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
                    <Badge variant="light" color={ACTION_COLORS[v.action]}>
                      {ACTION_LABELS[v.action]}
                    </Badge>
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

      {!chosen || !older || !newer ? (
        <Text size="sm" c="dimmed">
          Only one version so far: there is nothing to compare yet.
        </Text>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Text fw={700}>Compare two versions</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Older"
                data={options}
                value={String(chosen.older)}
                allowDeselect={false}
                onChange={(value) => value && setPair({ ...chosen, older: Number(value) })}
              />
              <Select
                label="Newer"
                data={options}
                value={String(chosen.newer)}
                allowDeselect={false}
                onChange={(value) => value && setPair({ ...chosen, newer: Number(value) })}
              />
            </SimpleGrid>
            <SegmentedControl
              fullWidth
              aria-label="Show"
              value={view}
              onChange={(value) => setView(value as typeof view)}
              data={[
                { value: 'changes', label: 'Changes' },
                { value: 'rendered', label: 'Rendered' },
              ]}
            />
            {older === newer ? (
              <Alert variant="light" color="gray">
                Both sides are version {older.version}: choose two different versions to see what
                changed.
              </Alert>
            ) : view === 'changes' ? (
              <VersionDiff older={older} newer={newer} names={names} />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {[older, newer].map((v) => (
                  <Stack key={v.version} gap="xs" className={classes.rendered}>
                    <Text fw={700} size="sm">
                      Version {v.version}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {names.category(v)} · {names.difficulty(v)} · {names.type(v)}
                    </Text>
                    <Text size="sm" fw={600}>
                      Question
                    </Text>
                    <MathText text={v.question} />
                    <Text size="sm" fw={600}>
                      Answer
                    </Text>
                    <MathText text={v.answer} />
                    {v.procedure && (
                      <>
                        <Text size="sm" fw={600}>
                          Procedure
                        </Text>
                        <MathText text={v.procedure} />
                      </>
                    )}
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
