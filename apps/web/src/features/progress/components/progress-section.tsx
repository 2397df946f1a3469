import { Button, EmptyState, Text } from '@mantine/core';
import { IconBook2, IconChartBar, IconTrophy } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ProgressOverview, type ProgressOverviewProps } from './progress-overview';
import classes from './progress.module.css';

/**
 * 'My Progress': the learner's own solved/total, mastered, liked and per-subject bars (the data is the
 * examples feature's, passed in by the app: features stay apart); before the first like or solve
 * an empty state leads to the examples.
 */
export function ProgressSection({ progress, subjects }: Omit<ProgressOverviewProps, 'empty'>) {
  return (
    <SectionCard
      titleId="progress-title"
      title="My Progress"
      icon={IconChartBar}
      h="100%"
      className={classes.progressCard}
      headingGap={4}
    >
      <Text size="sm" c="dimmed" mb="lg">
        The examples you have liked, solved and mastered.
      </Text>
      <ProgressOverview
        progress={progress}
        subjects={subjects}
        empty={
          <EmptyState
            variant="light"
            icon={<IconTrophy size={28} stroke={1.6} />}
            title="No progress yet"
            description="Work through some examples: like the ones you want to keep and mark the ones you have solved. Your progress will show up here."
            py="lg"
            className={classes.progressEmpty}
          >
            <EmptyState.Actions>
              <Button component={Link} to={paths.examples} leftSection={<IconBook2 size={18} />}>
                Browse Examples
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        }
      />
    </SectionCard>
  );
}
