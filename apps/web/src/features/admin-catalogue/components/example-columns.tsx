import type { Example } from '@exemplar/shared/catalogue';
import { Badge, Stack, Text } from '@mantine/core';
import { difficultyColor } from '../../../lib/difficulty-color';
import { truncateText } from '../lib/truncate';
import type { Column } from './data-table';
import { WrappingText } from './entity-cells';
import type { Lookups } from './use-lookups';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/**
 * The Examples tab's columns: id, question and answer cut to 50 characters (a draft marked),
 * category under its subject, difficulty, type and the day it was created.
 */
export function exampleColumns(lookups: Lookups): Column<Example>[] {
  const { tree } = lookups;
  return [
    {
      key: 'id',
      header: 'ID',
      width: 64,
      hideOnPhone: true,
      sortValue: (row) => row.id,
      cell: (row) => (
        <Text size="sm" c="dimmed" ff="monospace">
          {row.id}
        </Text>
      ),
    },
    {
      key: 'question',
      header: 'Question',
      primary: true,
      width: '26%',
      sortValue: (row) => row.question,
      cell: (row) => (
        <Stack gap={4} align="flex-start">
          <WrappingText title={row.question}>{truncateText(row.question)}</WrappingText>
          {row.status === 'draft' && (
            <Badge size="sm" variant="outline" color="orange">
              Draft
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'answer',
      header: 'Answer',
      width: '18%',
      sortValue: (row) => row.answer,
      cell: (row) => <WrappingText title={row.answer}>{truncateText(row.answer)}</WrappingText>,
    },
    {
      key: 'category',
      header: 'Category',
      sortValue: (row) => `${lookups.subjectName(row.subjectId)} ${tree.pathLabel(row.categoryId)}`,
      cell: (row) => (
        <Stack gap={0}>
          <WrappingText>{tree.byId.get(row.categoryId)?.name ?? 'Unknown'}</WrappingText>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {lookups.subjectName(row.subjectId)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'difficulty',
      header: 'Difficulty',
      sortValue: (row) => lookups.difficultyRank(row.difficultyId),
      cell: (row) => (
        <Badge variant="light" color={difficultyColor(lookups.difficultyName(row.difficultyId))}>
          {lookups.difficultyName(row.difficultyId)}
        </Badge>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortValue: (row) => lookups.typeName(row.typeId),
      cell: (row) => <Text size="sm">{lookups.typeName(row.typeId)}</Text>,
    },
    {
      key: 'created',
      header: 'Created',
      sortValue: (row) => row.createdAt,
      cell: (row) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.createdAt)}
        </Text>
      ),
    },
  ];
}
