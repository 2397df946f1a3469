import type { ExampleVersion, RestoreStatusFrom } from '@exemplar/shared/versions';
import { Radio, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { MathText } from '../../../components/math/math-text';
import { STATUS_NAMES } from '../lib/version-labels';

interface RestoreConfirmOptions {
  /** The example. */
  id: number;
  /** The version to restore. */
  version: ExampleVersion;
  /** The example's newest version (the one a restore follows). */
  newest: ExampleVersion | undefined;
  /** The example is deleted: restoring brings it back. */
  gone: boolean;
  /** Restore, with the status the editor chose. */
  onConfirm: (statusFrom: RestoreStatusFrom) => void;
}

/**
 * Asks before restoring `version`: what the restore does, the version's question, and the status
 * the example will have.
 */
export function confirmRestore({ id, version: v, newest, gone, onConfirm }: RestoreConfirmOptions) {
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
            {newest ? ` (version ${newest.version + 1})` : ''}: no version is lost, and the current
            text stays in the history to restore later.
          </Text>
        )}
        <Text component="div" size="sm" fw={600} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
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
    onConfirm: () => onConfirm(choice.statusFrom),
  });
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
