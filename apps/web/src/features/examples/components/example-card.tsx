import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Difficulty, Example, ExampleType } from '@exemplar/shared/catalogue';
import { IconCalendar, IconHash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHoverTooltip } from '../../../components/deferred/use-hover-tooltip';
import { formatDate, formatDateTime } from '../lib/format';
import { DifficultyBadge } from './difficulty-icon';
import { ExampleMarks } from './example-marks';
import { ExampleAttempt } from './attempt/example-attempt';
import classes from './examples.module.css';
import { MathSection } from './math-section';

export interface ExampleCardProps {
  example: Example;
  /** Running number in the list, from 1. */
  number: number;
  difficulty: Difficulty | undefined;
  type: ExampleType | undefined;
  /** The category's name, 'Unknown' when it is not in the tree. */
  categoryName: string;
  /** Where the ID links to: the example's page, carrying the list's filters. */
  href: string;
}

/**
 * One example in the list: badges, running number, Question, 'Try it yourself', Answer, Procedure,
 * footer.
 */
export function ExampleCard({
  example,
  number,
  difficulty,
  type,
  categoryName,
  href,
}: ExampleCardProps) {
  return (
    <Card
      component="article"
      className={classes.exampleCard}
      aria-label={`Example ${number}`}
      data-testid="example-card"
      data-solved={example.solved || undefined}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <span className={classes.runningNumber} data-testid="running-number" aria-hidden>
            {number}
          </span>
          <Group gap={6} style={{ minWidth: 0, flex: 1 }} mt={7}>
            <DifficultyBadge name={difficulty?.name} />
            <Badge variant="light" color="brand">
              {type?.name ?? 'Unknown'}
            </Badge>
            <Badge
              variant="outline"
              color="gray"
              tt="none"
              maw="100%"
              title={categoryName}
              styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
            >
              {categoryName}
            </Badge>
          </Group>
          <ExampleMarks example={example} layout="card" />
        </Group>

        <MathSection label="Question" text={example.question} />
        <ExampleAttempt example={example} size="xs" />

        <Group justify="space-between" gap="xs" className={classes.cardFooter}>
          <Anchor
            component={Link}
            to={href}
            size="sm"
            fw={600}
            aria-label={`Open example ID ${example.id}`}
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconHash size={14} aria-hidden />
              ID: {example.id}
            </Group>
          </Anchor>
          <CreatedDate iso={example.createdAt} />
        </Group>
      </Stack>
    </Card>
  );
}

/** The creation date; date and time in a tooltip on hover. */
function CreatedDate({ iso }: { iso: string }) {
  const { targetProps, tooltip } = useHoverTooltip<HTMLSpanElement>({
    label: formatDateTime(iso),
    openDelay: 300,
  });
  return (
    <>
      <Text size="sm" c="dimmed" component="span" {...targetProps}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconCalendar size={14} aria-hidden />
          <time dateTime={iso}>{formatDate(iso)}</time>
        </Group>
      </Text>
      {tooltip}
    </>
  );
}
