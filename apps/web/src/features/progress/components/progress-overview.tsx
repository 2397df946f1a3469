import {
  Anchor,
  Group,
  Progress,
  RingProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconBook2,
  IconCircleCheck,
  IconHeart,
  IconSparkles,
  IconTargetArrow,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButtons, type LinkButton } from '../../../components/link-buttons';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { MASTERY_MEANING, masteryLabel, MasteryRing } from '../../../components/mastery-ring';
import { paths } from '../../../lib/paths';
import classes from './progress.module.css';

/**
 * Solved/total of one subject (or category), how many were solved without help and how many are
 * mastered (remembered over at least 3 weeks in the learner's reviews).
 */
export interface ProgressCounts {
  id: number;
  total: number;
  solved: number;
  withoutHelp: number;
  mastered: number;
}

/** What GET /me/progress answers that the overview shows. */
export interface LearnerProgress {
  total: number;
  solved: number;
  /** Solved by a checked answer before any step or the answer was shown. */
  solvedWithoutHelp: number;
  liked: number;
  /** Examples remembered over at least 3 weeks (in the learner's reviews). */
  mastered: number;
  subjects: readonly ProgressCounts[];
}

export interface ProgressOverviewProps {
  /** The query of GET /me/progress (the app passes the examples feature's). */
  progress: UseQueryResult<LearnerProgress>;
  /** The subjects, for their names (a subject missing here shows as 'Subject <id>'). */
  subjects: readonly { id: number; name: string }[] | undefined;
  /** Shown while nothing has been liked or solved yet. */
  empty: ReactNode;
}

const percent = (solved: number, total: number) =>
  total === 0 ? 0 : Math.round((solved / total) * 100);

function Loading() {
  return (
    <Stack gap="md" role="status" aria-label="Loading your progress">
      <Group gap="lg" wrap="nowrap">
        <Skeleton circle height={96} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={18} width="50%" />
          <Skeleton height={14} width="35%" />
        </Stack>
      </Group>
      <Skeleton height={10} />
      <Skeleton height={10} />
    </Stack>
  );
}

function Stat({
  icon,
  color,
  value,
  label,
  hint,
  title,
  testId,
}: {
  icon: ReactNode;
  color: string;
  value: ReactNode;
  label: string;
  /** Under the label: what the count means, in plain words. */
  hint?: string;
  /** Said on hover: what the count means. */
  title?: string;
  testId: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" title={title}>
      <ThemeIcon variant="light" color={color} size={38} radius="md">
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={700} fz="lg" lh={1.2} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed" fs="italic">
            {hint}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}

const NEXT_STEPS: LinkButton[] = [
  { to: `${paths.examples}?solved=false`, label: 'Practise unsolved', icon: IconTargetArrow },
  { to: paths.examples, label: 'Browse Examples', icon: IconBook2, variant: 'default' },
];

/**
 * The signed-in learner's progress (GET /me/progress): overall solved/total as a ring, the solves
 * without help, the mastered and liked counts and one bar per subject (with its solves without
 * help and, when any, its mastered examples). `empty` is shown while nothing has been liked, solved or mastered yet.
 */
export function ProgressOverview({ progress, subjects, empty }: ProgressOverviewProps) {
  if (progress.isPending) return <Loading />;
  if (progress.isError) {
    return (
      <ErrorAlert title="Could not load your progress" onRetry={() => void progress.refetch()}>
        {progress.error.message}
      </ErrorAlert>
    );
  }

  const { total, solved, solvedWithoutHelp, liked, mastered } = progress.data;
  if (solved === 0 && liked === 0 && mastered === 0) return empty;

  const share = percent(solved, total);
  const names = new Map((subjects ?? []).map((subject) => [subject.id, subject.name]));
  const bySubject = progress.data.subjects
    .filter((entry) => entry.total > 0)
    .map((entry) => ({ ...entry, name: names.get(entry.id) ?? `Subject ${entry.id}` }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack gap="lg" data-testid="progress-overview">
      <Group gap="lg" wrap="nowrap" align="center">
        <RingProgress
          size={104}
          thickness={10}
          roundCaps
          sections={[{ value: share, color: 'teal' }]}
          label={
            <Text ta="center" fw={800} fz="lg" aria-hidden>
              {share}%
            </Text>
          }
          aria-label={`${share}% of all examples solved`}
          role="img"
          style={{ flex: 'none' }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" style={{ flex: 1 }}>
          <Stat
            icon={<IconCircleCheck size={20} />}
            color="teal"
            value={`${solved}/${total}`}
            label="examples solved"
            testId="progress-solved"
          />
          <Stat
            icon={<IconSparkles size={20} />}
            color="teal"
            value={solvedWithoutHelp}
            label="solved without help"
            testId="progress-without-help"
          />
          <Stat
            icon={<MasteryRing mastered={mastered} total={total} size={20} />}
            color="violet"
            value={mastered}
            label={mastered === 1 ? 'example mastered' : 'examples mastered'}
            hint={MASTERY_MEANING}
            title={masteryLabel(mastered, total)}
            testId="progress-mastered"
          />
          <Stat
            icon={<IconHeart size={20} />}
            color="pink"
            value={liked}
            label={liked === 1 ? 'example liked' : 'examples liked'}
            testId="progress-liked"
          />
        </SimpleGrid>
      </Group>

      {bySubject.length > 0 ? (
        <Stack gap="sm" component="ul" role="list" aria-label="Progress by subject" p={0} m={0}>
          {bySubject.map((entry) => (
            <li key={entry.id} style={{ listStyle: 'none' }} data-testid="subject-progress">
              <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                <Anchor
                  component={Link}
                  to={paths.examplesForSubject(String(entry.id))}
                  size="sm"
                  fw={600}
                  truncate
                >
                  {entry.name}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {entry.withoutHelp > 0 ? (
                    <span title="Solved without help">
                      <IconSparkles
                        size={13}
                        aria-hidden
                        style={{ verticalAlign: '-2px', marginRight: 2 }}
                      />
                      {entry.withoutHelp}
                      <span aria-hidden> · </span>
                    </span>
                  ) : null}
                  {entry.solved}/{entry.total}
                  {entry.mastered > 0 ? (
                    <span
                      title={masteryLabel(entry.mastered, entry.total)}
                      className={classes.mastered}
                    >
                      <span aria-hidden className={classes.separator}>
                        ·
                      </span>
                      <MasteryRing mastered={entry.mastered} total={entry.total} size={12} />
                      {entry.mastered} mastered
                    </span>
                  ) : null}
                </Text>
              </Group>
              <Progress.Root size="md" radius="xl">
                <Progress.Section
                  value={percent(entry.solved, entry.total)}
                  color={entry.solved >= entry.total ? 'teal' : 'brand'}
                  aria-label={`${entry.name}: ${entry.solved} of ${entry.total} solved, ${entry.withoutHelp} without help, ${entry.mastered} mastered`}
                />
              </Progress.Root>
            </li>
          ))}
        </Stack>
      ) : null}

      <LinkButtons links={NEXT_STEPS} />
    </Stack>
  );
}
