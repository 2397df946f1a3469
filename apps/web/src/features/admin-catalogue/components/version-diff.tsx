import type { ExampleVersion } from '@exemplar/shared/versions';
import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import type { SettingNames } from '../lib/version-labels';
import { diffSummary, wordDiff } from '../lib/word-diff';
import classes from './example-history.module.css';

const TEXT_FIELDS = [
  { key: 'question', label: 'Question' },
  { key: 'answer', label: 'Answer' },
  { key: 'procedure', label: 'Procedure' },
] as const;

/** One text field's words, older to newer: removed struck through, added underlined. */
function FieldDiff({ label, older, newer }: { label: string; older: string; newer: string }) {
  const parts = useMemo(() => wordDiff(older, newer), [older, newer]);
  const summary = diffSummary(parts);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {summary}
        </Text>
      </Group>
      <Box className={classes.diff}>
        {parts.length === 0 || (older === '' && newer === '') ? (
          <Text span size="sm" c="dimmed" fs="italic">
            (empty in both)
          </Text>
        ) : (
          parts.map((part, i) =>
            part.kind === 'same' ? (
              <span key={i}>{part.text}</span>
            ) : part.kind === 'added' ? (
              <ins key={i} className={classes.added}>
                <VisuallyHidden>[added: </VisuallyHidden>
                {part.text}
                <VisuallyHidden>]</VisuallyHidden>
              </ins>
            ) : (
              <del key={i} className={classes.removed}>
                <VisuallyHidden>[removed: </VisuallyHidden>
                {part.text}
                <VisuallyHidden>]</VisuallyHidden>
              </del>
            ),
          )
        )}
      </Box>
    </Stack>
  );
}

/**
 * What changed from version `older` to version `newer`: each text field's source (LaTeX) word by
 * word, and the difficulty, type and category when they differ.
 */
export function VersionDiff({
  older,
  newer,
  names,
}: {
  older: ExampleVersion;
  newer: ExampleVersion;
  names: SettingNames;
}) {
  const statusName = (v: ExampleVersion) => (v.status === 'draft' ? 'Draft' : 'Published');
  const settings = [
    ...(['difficulty', 'type', 'category'] as const).map((key) => ({
      key,
      from: names[key](older),
      to: names[key](newer),
    })),
    { key: 'status', from: statusName(older), to: statusName(newer) },
  ].filter((s) => s.from !== s.to);
  return (
    <Stack
      gap="md"
      aria-label={`Changes from version ${older.version} to version ${newer.version}`}
    >
      <Group gap="md" className={classes.legend}>
        <Text size="xs" c="dimmed">
          Source text (LaTeX), word by word:
        </Text>
        <Text size="xs">
          <del className={classes.removed}>struck through</del> = removed in version {newer.version}
        </Text>
        <Text size="xs">
          <ins className={classes.added}>underlined</ins> = added in version {newer.version}
        </Text>
      </Group>
      {TEXT_FIELDS.map(({ key, label }) => (
        <FieldDiff key={key} label={label} older={older[key] ?? ''} newer={newer[key] ?? ''} />
      ))}
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Difficulty, type, category and status
        </Text>
        {settings.length === 0 ? (
          <Text size="sm" c="dimmed">
            The same in both versions.
          </Text>
        ) : (
          settings.map((s) => (
            <Text key={s.key} size="sm">
              {s.key[0]!.toUpperCase() + s.key.slice(1)}:{' '}
              <del className={classes.removed}>
                <VisuallyHidden>[removed: </VisuallyHidden>
                {s.from}
                <VisuallyHidden>]</VisuallyHidden>
              </del>{' '}
              →{' '}
              <ins className={classes.added}>
                <VisuallyHidden>[added: </VisuallyHidden>
                {s.to}
                <VisuallyHidden>]</VisuallyHidden>
              </ins>
            </Text>
          ))
        )}
      </Stack>
    </Stack>
  );
}
