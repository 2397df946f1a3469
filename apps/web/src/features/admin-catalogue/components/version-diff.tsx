import type { ExampleVersion } from '@exemplar/shared/versions';
import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import type { SettingNames } from '../lib/version-labels';
import { MathText } from '../../../components/math/math-text';
import { diffSummary, renderedDiff, wordDiff } from '../lib/word-diff';
import classes from './example-history.module.css';

const TEXT_FIELDS = [
  { key: 'question', label: 'Question' },
  { key: 'answer', label: 'Answer' },
  { key: 'procedure', label: 'Procedure' },
] as const;

/**
 * One text field's words, older to newer: removed struck through, added underlined. `rendered`:
 * typeset as readers see it, each formula compared (and shown) whole; else the LaTeX source.
 */
function FieldDiff({
  label,
  older,
  newer,
  rendered,
}: {
  label: string;
  older: string;
  newer: string;
  rendered: boolean;
}) {
  const parts = useMemo(
    () => (rendered ? renderedDiff(older, newer) : wordDiff(older, newer)),
    [older, newer, rendered],
  );
  const show = (text: string) => (rendered ? <MathText inline text={text} /> : text);
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
      <Box className={rendered ? classes.renderedDiff : classes.diff}>
        {parts.length === 0 || (older === '' && newer === '') ? (
          <Text span size="sm" c="dimmed" fs="italic">
            (empty in both)
          </Text>
        ) : (
          parts.map((part, i) =>
            part.kind === 'same' ? (
              <span key={i}>{show(part.text)}</span>
            ) : part.kind === 'added' ? (
              <ins key={i} className={classes.added}>
                <VisuallyHidden>[added: </VisuallyHidden>
                {show(part.text)}
                <VisuallyHidden>]</VisuallyHidden>
              </ins>
            ) : (
              <del key={i} className={classes.removed}>
                <VisuallyHidden>[removed: </VisuallyHidden>
                {show(part.text)}
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
 * What changed from version `older` to version `newer`: each text field word by word, as its
 * source (LaTeX) or, `rendered`, typeset as readers see it with each formula whole; and the
 * difficulty, type, category and status when they differ.
 */
export function VersionDiff({
  older,
  newer,
  names,
  rendered = false,
}: {
  older: ExampleVersion;
  newer: ExampleVersion;
  names: SettingNames;
  rendered?: boolean;
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
      aria-label={`${rendered ? 'Rendered changes' : 'Changes'} from version ${older.version} to version ${newer.version}`}
    >
      <Group gap="md" className={classes.legend}>
        <Text size="xs" c="dimmed">
          {rendered
            ? 'As readers see it, word by word (a formula that changed shows whole):'
            : 'Source text (LaTeX), word by word:'}
        </Text>
        <Text size="xs">
          <del className={classes.removed}>struck through</del> = removed in version {newer.version}
        </Text>
        <Text size="xs">
          <ins className={classes.added}>underlined</ins> = added in version {newer.version}
        </Text>
      </Group>
      {TEXT_FIELDS.map(({ key, label }) => (
        <FieldDiff
          key={key}
          label={label}
          older={older[key] ?? ''}
          newer={newer[key] ?? ''}
          rendered={rendered}
        />
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
