import type { HealthDone } from '@exemplar/shared/catalogue-health';
import { HEALTH_PROBLEM_KINDS } from '@exemplar/shared/catalogue-health';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconCircleCheck, IconRefresh, IconStethoscope } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { useCatalogueHealth } from '../api/get-catalogue-health';
import { loadFailed } from '../lib/entities';
import {
  ALL_KINDS,
  formatCount,
  HEALTH_KINDS,
  problemsOf,
  problemTotal,
  progressText,
  unlistedOf,
  type KindFilter,
} from '../lib/health';
import classes from './admin.module.css';
import { ProblemList } from './health-problems';
import { SectionHeading } from '../../../components/section-heading';

/** Problems shown per page of the list. */
export const HEALTH_PAGE_SIZE = 50;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

/**
 * Health tab: opening it asks the server to check the whole catalogue (or gets the kept result
 * when nothing changed since the last check); while the check runs, its progress, polled; then a
 * summary and the problems, filtered by kind, each linking to where it is fixed.
 */
export function HealthTab() {
  const health = useCatalogueHealth();
  const data = health.data;
  const running = data?.status === 'running';

  return (
    <Card padding="lg" component="section" aria-labelledby="health-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <SectionHeading id="health-title" icon={IconStethoscope} large>
            Catalogue health
          </SectionHeading>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={health.isFetching && !running}
            disabled={running || health.isPending}
            onClick={() => void health.refetch()}
          >
            Check catalogue
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Every example&apos;s question, answer and procedure is checked with the renderer readers
          see: maths that fails to render, delimiters shown as text, LaTeX outside maths and empty
          procedures, and categories without examples. A check is kept until the catalogue changes.
        </Text>
        {health.isError ? (
          <ErrorAlert onRetry={() => void health.refetch()} retrying={health.isFetching}>
            {loadFailed(health.error.message)}
          </ErrorAlert>
        ) : !data ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Starting the check…</Text>
          </Group>
        ) : data.status === 'running' ? (
          <Running checked={data.checked} total={data.total} />
        ) : (
          <Report health={data} />
        )}
      </Stack>
    </Card>
  );
}

function Running({ checked, total }: { checked: number; total: number }) {
  const text = progressText(checked, total);
  return (
    <Stack gap={6}>
      <Progress
        value={total > 0 ? (100 * checked) / total : 0}
        animated
        size="lg"
        aria-label="Checking the catalogue"
      />
      <Text size="sm" role="status">
        {text}
      </Text>
    </Stack>
  );
}

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" className={classes.stat}>
      <Text fz={24} fw={700} c={value > 0 ? color : undefined} lh={1.2}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
    </Paper>
  );
}

function Report({ health }: { health: HealthDone }) {
  const [kind, setKind] = useState<KindFilter>(ALL_KINDS);
  const [page, setPage] = useState(1);
  const total = problemTotal(health);
  const shown = useMemo(() => problemsOf(health.problems, kind), [health.problems, kind]);
  const unlisted = unlistedOf(health, kind);
  const pages = Math.max(1, Math.ceil(shown.length / HEALTH_PAGE_SIZE));
  const current = Math.min(page, pages);
  const examples = `${formatCount(health.checked)} ${health.checked === 1 ? 'example' : 'examples'}`;
  const checked = `Checked ${formatWhen(health.checkedAt)}.`;

  if (total === 0) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} role="status">
        <Text fw={600}>No problems found in {examples}.</Text>
        <Text size="sm">{checked}</Text>
      </Alert>
    );
  }
  const options = [
    { value: ALL_KINDS, label: `All kinds (${formatCount(total)})` },
    ...HEALTH_PROBLEM_KINDS.filter((k) => health.counts[k] > 0).map((k) => ({
      value: k,
      label: `${HEALTH_KINDS[k].label} (${formatCount(health.counts[k])})`,
    })),
  ];

  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {formatCount(total)} {total === 1 ? 'problem' : 'problems'} in {examples} and their
        categories. {checked}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {HEALTH_PROBLEM_KINDS.map((k) => (
          <Stat key={k} label={HEALTH_KINDS[k].label} value={health.counts[k]} color="red" />
        ))}
      </SimpleGrid>
      <Select
        label="Show"
        data={options}
        value={kind}
        allowDeselect={false}
        onChange={(value) => {
          setKind((value as KindFilter | null) ?? ALL_KINDS);
          setPage(1);
        }}
        maw={360}
      />
      {unlisted > 0 && (
        <Alert color="gray" variant="light" p="xs">
          Showing the first {formatCount(shown.length)} of {formatCount(shown.length + unlisted)}{' '}
          problems: fix these and check again to see the rest.
        </Alert>
      )}
      <ProblemList
        problems={shown.slice((current - 1) * HEALTH_PAGE_SIZE, current * HEALTH_PAGE_SIZE)}
      />
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
