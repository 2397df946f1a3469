import type { ImportReport } from '@exemplar/shared/catalogue-io';
import {
  Button,
  Card,
  Checkbox,
  FileInput,
  Grid,
  Group,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconDatabaseExport,
  IconDatabaseImport,
  IconDownload,
  IconFileTypeJs,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useExportCatalogue } from '../api/export-catalogue';
import { useImportCatalogue } from '../api/import-catalogue';
import { countOf, operationFailed } from '../lib/entities';
import { parseImportFile, readFileText, type ParsedImportFile } from '../lib/import-file';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { ImportReportView } from './import-report';
import { SectionHeading } from '../../../components/section-heading';

/** Files larger than this are refused before reading (the API takes bodies up to 32 MB). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

interface ChosenFile {
  name: string;
  parsed: ParsedImportFile;
}

/** Import / Export tab: download the catalogue file; check a file with a dry run, then import it. */
export function ImportExportTab() {
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ExportCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <ImportCard />
      </Grid.Col>
    </Grid>
  );
}

/** One card of the tab: its heading, what it does, then its controls. */
function IoCard(props: {
  id: string;
  title: string;
  icon: typeof IconDatabaseExport;
  gap: 'sm' | 'md';
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-labelledby={props.id}>
      <Stack gap={props.gap}>
        <SectionHeading id={props.id} icon={props.icon} large>
          {props.title}
        </SectionHeading>
        <Text size="sm" c="dimmed">
          {props.intro}
        </Text>
        {props.children}
      </Stack>
    </Card>
  );
}

function ExportCard() {
  const exporter = useExportCatalogue();
  const [versions, setVersions] = useState(false);
  return (
    <IoCard
      id="export-title"
      title="Export"
      icon={IconDatabaseExport}
      gap="sm"
      intro={
        <>
          Download the whole catalogue — subjects with their category trees, difficulties, types and
          every example — as one JSON file. It can be imported here again, or on another server.
        </>
      }
    >
      {exporter.error && (
        <ErrorAlert onClose={exporter.reset}>{operationFailed(exporter.error.message)}</ErrorAlert>
      )}
      <Checkbox
        label="Include each example's version history"
        description="Every saved version, so the import keeps the history. Makes the file larger."
        checked={versions}
        onChange={(event) => setVersions(event.currentTarget.checked)}
      />
      <Group>
        <Button
          leftSection={<IconDownload size={16} />}
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(versions, {
              onSuccess: (filename) =>
                notifications.show({
                  color: 'teal',
                  icon: <IconCheck size={18} />,
                  message: `Downloaded ${filename}.`,
                  autoClose: 3000,
                }),
            })
          }
        >
          Download catalogue
        </Button>
      </Group>
    </IoCard>
  );
}

function ImportCard() {
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [reading, setReading] = useState(false);
  const [dryRun, setDryRun] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [allowDuplicate, setAllowDuplicate] = useState(false);
  const importer = useImportCatalogue();
  const running = importer.isPending;
  const runningDry = running && importer.variables?.dryRun === true;

  const choose = async (next: File | null) => {
    setFile(next);
    setChosen(null);
    setDryRun(null);
    setResult(null);
    importer.reset();
    if (!next) return;
    if (next.size > MAX_IMPORT_BYTES) {
      setChosen({
        name: next.name,
        parsed: {
          ok: false,
          error: 'This file is larger than 32 MB; split it into smaller files.',
        },
      });
      return;
    }
    setReading(true);
    try {
      setChosen({ name: next.name, parsed: parseImportFile(await readFileText(next)) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setChosen({
        name: next.name,
        parsed: { ok: false, error: `Could not read the file: ${message}` },
      });
    } finally {
      setReading(false);
    }
  };

  const run = (dry: boolean) => {
    if (!chosen?.parsed.ok) return;
    importer.mutate(
      { dryRun: dry, allowDuplicate, data: chosen.parsed.data },
      {
        onSuccess: (report) => {
          if (report.dryRun) {
            setDryRun(report);
            setResult(null);
          } else {
            setResult(report);
            setDryRun(null);
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: 'Import finished',
              message: `${countOf(report.imported, 'example')} imported.`,
              autoClose: 4000,
            });
          }
        },
      },
    );
  };

  const records = chosen?.parsed.ok ? chosen.parsed.records : null;
  const importable = dryRun
    ? dryRun.imported +
      dryRun.created.subjects +
      dryRun.created.categories +
      dryRun.created.difficulties +
      dryRun.created.types
    : 0;

  return (
    <IoCard
      id="import-title"
      title="Import"
      icon={IconDatabaseImport}
      gap="md"
      intro={
        <>
          Add examples from a JSON file: an Exemplar catalogue export, or an array of MATH dataset
          records. A dry run checks the file first and writes nothing; examples already in the
          catalogue, and questions that repeat another example, are skipped.
        </>
      }
    >
      <FileInput
        label="Catalogue file"
        placeholder="Choose a .json file"
        accept=".json,application/json"
        clearable
        value={file}
        onChange={(next) => void choose(next)}
        leftSection={<IconFileTypeJs size={18} />}
        disabled={running}
        style={{ maxWidth: 480 }}
      />
      {reading && <Text size="sm">Reading the file…</Text>}
      {chosen && !chosen.parsed.ok && <ErrorAlert>{chosen.parsed.error}</ErrorAlert>}
      {chosen?.parsed.ok && (
        <Text size="sm">
          <b>{chosen.name}</b>
          {records === null ? ' is ready to check.' : ` holds ${countOf(records, 'record')}.`}
        </Text>
      )}
      {chosen?.parsed.ok && (
        <Checkbox
          label="Also import questions that repeat another example"
          description="Normally skipped and listed in the report. Changing this needs a new dry run."
          checked={allowDuplicate}
          disabled={running}
          onChange={(event) => {
            setAllowDuplicate(event.currentTarget.checked);
            setDryRun(null);
            setResult(null);
          }}
        />
      )}
      {chosen?.parsed.ok && (
        <Group gap="sm">
          <Button
            variant={dryRun ? 'default' : 'filled'}
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => run(true)}
            loading={runningDry}
            disabled={running && !runningDry}
          >
            {dryRun ? 'Run the dry run again' : 'Dry run'}
          </Button>
          {dryRun && (
            <Button
              color="teal"
              leftSection={<IconDatabaseImport size={16} />}
              onClick={() => run(false)}
              loading={running && !runningDry}
              disabled={importable === 0 || runningDry}
            >
              Import {countOf(dryRun.imported, 'example')}
            </Button>
          )}
        </Group>
      )}
      {running && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            {runningDry ? 'Checking the file (dry run)…' : 'Importing…'}
            {records !== null && ` ${countOf(records, 'record')}.`}
          </Text>
          <Progress value={100} animated striped aria-label="Import in progress" />
        </Stack>
      )}
      {importer.error && (
        <ErrorAlert onClose={importer.reset}>{operationFailed(importer.error.message)}</ErrorAlert>
      )}
      {(result ?? dryRun) && <ImportReportView report={(result ?? dryRun)!} />}
    </IoCard>
  );
}
