import type { ExampleVersion } from '@exemplar/shared/versions';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { versionEvents, when, who } from '../lib/version-labels';
import classes from './example-history.module.css';
import { usePhone } from './use-phone';

interface VersionListProps {
  /** The example whose versions these are. */
  id: number;
  /** Its versions, newest first. */
  list: ExampleVersion[];
  /** The last column: Current, why the version cannot be restored, or its Restore button. */
  restoreCell: (version: ExampleVersion) => ReactNode;
}

/** The versions of an example, newest first (who, when, how): a table, or cards on phones. */
export function VersionList({ id, list, restoreCell }: VersionListProps) {
  const phone = usePhone();
  return phone ? (
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
