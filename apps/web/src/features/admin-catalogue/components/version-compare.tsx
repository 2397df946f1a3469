import type { ExampleVersion } from '@exemplar/shared/versions';
import { Alert, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { ACTION_LABELS, when, type SettingNames } from '../lib/version-labels';
import { VersionDiff } from './version-diff';

/** The two versions compared, by number. */
export interface Pair {
  older: number;
  newer: number;
}

interface VersionCompareProps {
  /** Newest first. */
  list: ExampleVersion[];
  /** null: the two newest. */
  pair: Pair | null;
  onPair: (pair: Pair) => void;
  view: 'changes' | 'rendered';
  onView: (view: 'changes' | 'rendered') => void;
  names: SettingNames;
}

/**
 * Any two versions chosen with two selects, shown as the changes in their source word by word, or
 * both typeset side by side.
 */
export function VersionCompare({ list, pair, onPair, view, onView, names }: VersionCompareProps) {
  const chosen =
    pair ?? (list.length > 1 ? { older: list[1]!.version, newer: list[0]!.version } : null);
  const byNumber = new Map(list.map((v) => [v.version, v]));
  const older = chosen && byNumber.get(chosen.older);
  const newer = chosen && byNumber.get(chosen.newer);
  const options = list.map((v) => ({
    value: String(v.version),
    label: `Version ${v.version} · ${ACTION_LABELS[v.action]} ${when(v.editedAt)}`,
  }));
  return (
    <>
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
                onChange={(value) => value && onPair({ ...chosen, older: Number(value) })}
              />
              <Select
                label="Newer"
                data={options}
                value={String(chosen.newer)}
                allowDeselect={false}
                onChange={(value) => value && onPair({ ...chosen, newer: Number(value) })}
              />
            </SimpleGrid>
            <SegmentedControl
              fullWidth
              aria-label="Show"
              value={view}
              onChange={(value) => onView(value as typeof view)}
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
              <VersionDiff older={older} newer={newer} names={names} rendered />
            )}
          </Stack>
        </Paper>
      )}
    </>
  );
}
