import type { ImportReport } from '@exemplar/shared/catalogue-io';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { countOf } from '../lib/entities';
import { formatLabel } from '../lib/import-file';
import classes from './admin.module.css';

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" className={classes.stat}>
      <Text fz={26} fw={700} c={value > 0 ? color : undefined} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
    </Paper>
  );
}

interface ReportTableProps<Row extends { index: number; ref: string }> {
  /** The heading, which also names the table. */
  title: string;
  /** What stands between the heading and the table (a sentence, an alert), if anything. */
  note: ReactNode;
  rows: readonly Row[];
  /** The scroll box: the narrowest the table gets before it scrolls sideways, and its tallest. */
  size: { minWidth: number; mah: number };
  /** Column widths: Index in pixels; Ref and the last column a share, or as wide as they need. */
  widths: { index: number; ref?: string; last?: string };
  /** The third column, after Index and Ref. */
  last: { header: string; cell: (row: Row) => ReactNode };
}

/** A list of records of the file by their index and ref, with what the report says of each. */
function ReportTable<Row extends { index: number; ref: string }>({
  title,
  note,
  rows,
  size,
  widths,
  last,
}: ReportTableProps<Row>) {
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {title}
      </Title>
      {note}
      <Table.ScrollContainer minWidth={size.minWidth} type="native" mah={size.mah}>
        <Table aria-label={title} striped withTableBorder verticalSpacing="xs" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: widths.index }}>Index</Table.Th>
              <Table.Th style={widths.ref ? { width: widths.ref } : undefined}>Ref</Table.Th>
              <Table.Th style={widths.last ? { width: widths.last } : undefined}>
                {last.header}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.index}-${row.ref}`}>
                <Table.Td ff="monospace">{row.index}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.ref || '—'}</Table.Td>
                <Table.Td>{last.cell(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What a dry run found, or what a real import did (catalogue-io ImportReport). */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { created } = report;
  const dry = report.dryRun;
  const createdParts = [
    created.subjects && countOf(created.subjects, 'subject'),
    created.categories && countOf(created.categories, 'category', 'categories'),
    created.difficulties && countOf(created.difficulties, 'difficulty', 'difficulties'),
    created.types && countOf(created.types, 'type'),
  ].filter(Boolean);
  const title = dry ? 'Dry run report' : 'Import report';
  // `duplicates` counts the repeated questions skipped too; they are listed on their own below.
  const already = report.duplicates - report.repeats.filter((r) => !r.imported).length;

  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          {dry ? <IconEye size={20} aria-hidden /> : <IconCircleCheck size={20} aria-hidden />}
          <Title order={3} size="h4">
            {title}
          </Title>
        </Group>
        <Group gap="xs">
          <Badge variant="light" color="gray" tt="none">
            Format: {formatLabel(report.format)}
          </Badge>
          <Badge variant="light" color={dry ? 'blue' : 'teal'} tt="none">
            {dry ? 'Nothing written yet' : 'Written'}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Examples in file" value={report.total} />
        <Stat label={dry ? 'Would be imported' : 'Imported'} value={report.imported} color="teal" />
        <Stat label="Duplicates" value={report.duplicates} color="yellow" />
        <Stat label="Failed" value={report.failed} color="red" />
      </SimpleGrid>
      <Text size="sm">
        {createdParts.length === 0
          ? dry
            ? 'No new subjects, categories, difficulties or types would be created.'
            : 'No new subjects, categories, difficulties or types were created.'
          : `${dry ? 'Would create' : 'Created'} ${createdParts.join(', ')}.`}
        {already > 0 &&
          ` ${countOf(already, 'example')} already in the catalogue ${
            already === 1 ? 'is' : 'are'
          } skipped.`}
      </Text>
      {report.repeats.length > 0 && (
        <ReportTable
          title="Repeated questions"
          note={
            <Text size="sm" c="dimmed">
              {report.repeats.some((r) => r.imported)
                ? 'Imported anyway, as asked: their questions repeat another example.'
                : 'Skipped: their questions repeat another example (ignoring case, spacing and LaTeX spelling).'}
            </Text>
          }
          rows={report.repeats}
          size={{ minWidth: 320, mah: 320 }}
          widths={{ index: 64, last: '40%' }}
          last={{
            header: 'Repeats',
            cell: (repeat) =>
              repeat.existingId !== null ? (
                <Anchor
                  size="sm"
                  href={`/examples/${repeat.existingId}`}
                  target="_blank"
                  rel="noopener"
                >
                  Example {repeat.existingId}
                </Anchor>
              ) : (
                <Text size="sm">Index {repeat.repeatsIndex} of this file</Text>
              ),
          }}
        />
      )}
      {report.failures.length > 0 && (
        <ReportTable
          title="Failures"
          note={
            report.failed > report.failures.length && (
              <Alert color="gray" variant="light" p="xs">
                Showing the first {report.failures.length} of {report.failed} failures.
              </Alert>
            )
          }
          rows={report.failures}
          size={{ minWidth: 520, mah: 420 }}
          widths={{ index: 80, ref: '30%' }}
          last={{
            header: 'Problems',
            cell: (failure) =>
              failure.problems.length === 1 ? (
                <Text size="sm">{failure.problems[0]}</Text>
              ) : (
                <List size="sm" spacing={2}>
                  {failure.problems.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List>
              ),
          }}
        />
      )}
    </Stack>
  );
}
