import type { HealthProblem } from '@exemplar/shared/catalogue-health';
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { HEALTH_KINDS } from '../lib/health';
import { usePhone } from './use-phone';

/** Where a problem is fixed: the example's edit form, or the Categories tab. */
function Where({ problem }: { problem: HealthProblem }) {
  if (problem.exampleId !== null) {
    return (
      <Anchor component={Link} to={paths.adminEditExample(problem.exampleId)} size="sm">
        Example {problem.exampleId}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={paths.adminTab('categories')} size="sm">
      Category {problem.categoryId}
    </Anchor>
  );
}

function KindBadge({ problem }: { problem: HealthProblem }) {
  const { label, color } = HEALTH_KINDS[problem.kind];
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      h="auto"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

const fieldLabel = (problem: HealthProblem) =>
  problem.field === null ? '—' : problem.field[0]!.toUpperCase() + problem.field.slice(1);

/** One page of problems: a table, or a list of cards on a phone. */
export function ProblemList({ problems }: { problems: HealthProblem[] }) {
  const phone = usePhone();
  const key = (p: HealthProblem) => `${p.exampleId}-${p.categoryId}-${p.field}-${p.kind}`;
  if (problems.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No problems of this kind.
      </Text>
    );
  }
  if (phone) {
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label="Problems"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {problems.map((p) => (
          <Paper key={key(p)} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" mb={4}>
              <Where problem={p} />
              <KindBadge problem={p} />
            </Group>
            {p.field && (
              <Text size="xs" c="dimmed" fw={600}>
                {fieldLabel(p)}
              </Text>
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {p.message}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label="Problems" striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ width: 120 }}>Where</Table.Th>
            <Table.Th style={{ width: 210 }}>Kind</Table.Th>
            <Table.Th style={{ width: 100 }}>Field</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((p) => (
            <Table.Tr key={key(p)}>
              <Table.Td>
                <Where problem={p} />
              </Table.Td>
              <Table.Td>
                <KindBadge problem={p} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{fieldLabel(p)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {p.message}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
