import {
  ActionIcon,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconHistory,
  IconPencil,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { nextSort, sortRows, type SortState, type SortValue } from '../lib/sort';
import classes from './admin.module.css';
import { usePhone } from './use-phone';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => SortValue;
  width?: CSSProperties['width'];
  /** The title of the row's card on phones. */
  primary?: boolean;
  /** Left out of the phone card (e.g. a column the title already says). */
  hideOnPhone?: boolean;
}

interface DataTableProps<T> {
  /** The table's accessible name: 'Subjects'. */
  label: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => number;
  /** What a row is called in the Edit and Delete buttons' names: 'Edit Algebra'. */
  rowName: (row: T) => string;
  /** 'No subjects found.' */
  emptyText: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** Given: a History button before Edit, named 'History of {row name}'. */
  onHistory?: (row: T) => void;
  /** The row being deleted: its Delete button spins. */
  deletingId?: number | null;
  /** Sort applied until the user picks another (null: the order given). */
  defaultSort?: SortState | null;
  /** Rows are being replaced (a new search): dimmed. */
  busy?: boolean;
}

/**
 * The list of a tab: one row per item with Edit and Delete, sortable by clicking a
 * column header (ascending, descending, back to the given order). On phones each row is a card,
 * with a 'Sort by' choice instead of headers.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns, defaultSort = null, label, emptyText, busy } = props;
  const phone = usePhone();
  const [sort, setSort] = useState<SortState | null>(defaultSort);

  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!sort || !column?.sortValue) return rows;
    return sortRows(rows, column.sortValue, sort.direction);
  }, [rows, columns, sort]);

  if (rows.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" className={classes.empty}>
        <Text c="dimmed" ta="center" fw={500}>
          {emptyText}
        </Text>
      </Paper>
    );
  }

  return (
    <Box style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={busy}>
      {phone ? (
        <CardList {...props} rows={sorted} sort={sort} onSort={setSort} />
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table
            aria-label={label}
            striped
            highlightOnHover
            verticalSpacing="sm"
            className={classes.table}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    style={{ width: column.width }}
                    aria-sort={
                      sort?.key === column.key
                        ? sort.direction === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sortValue ? (
                      <SortHeader
                        column={column}
                        sort={sort}
                        onClick={() => setSort(nextSort(sort, column.key))}
                      />
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                ))}
                <Table.Th style={{ width: 1 }}>
                  <Text span fz="sm" fw={700} className={classes.actionsHeader}>
                    Actions
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((row) => (
                <Table.Tr key={props.rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                  ))}
                  <Table.Td>
                    <RowActions {...props} row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Box>
  );
}

function SortHeader<T>({
  column,
  sort,
  onClick,
}: {
  column: Column<T>;
  sort: SortState | null;
  onClick: () => void;
}) {
  const active = sort?.key === column.key;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton
      onClick={onClick}
      className={classes.sortButton}
      data-active={active || undefined}
    >
      <span>{column.header}</span>
      <Icon size={14} stroke={1.8} aria-hidden />
    </UnstyledButton>
  );
}

function RowActions<T>({
  row,
  rowKey,
  rowName,
  onEdit,
  onDelete,
  onHistory,
  deletingId,
}: DataTableProps<T> & { row: T }) {
  const name = rowName(row);
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {onHistory && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconHistory size={14} />}
          aria-label={`History of ${name}`}
          onClick={() => onHistory(row)}
        >
          History
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} />}
        aria-label={`Edit ${name}`}
        onClick={() => onEdit(row)}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        aria-label={`Delete ${name}`}
        loading={deletingId === rowKey(row)}
        onClick={() => onDelete(row)}
      >
        Delete
      </Button>
    </Group>
  );
}

function CardList<T>(
  props: DataTableProps<T> & { sort: SortState | null; onSort: (sort: SortState | null) => void },
) {
  const { rows, columns, rowKey, label, sort, onSort } = props;
  const sortable = columns.filter((column) => column.sortValue);
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const details = columns.filter((column) => column !== primary && !column.hideOnPhone);

  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            label="Sort by"
            size="xs"
            style={{ flex: 1 }}
            value={sort?.key ?? ''}
            onChange={(event) =>
              onSort(
                event.currentTarget.value
                  ? { key: event.currentTarget.value, direction: sort?.direction ?? 'asc' }
                  : null,
              )
            }
            data={[
              { value: '', label: 'Default order' },
              ...sortable.map((column) => ({ value: column.key, label: column.header })),
            ]}
          />
          <ActionIcon
            variant="default"
            size={30}
            disabled={!sort}
            aria-label={sort?.direction === 'desc' ? 'Sort ascending' : 'Sort descending'}
            onClick={() =>
              sort && onSort({ ...sort, direction: sort.direction === 'asc' ? 'desc' : 'asc' })
            }
          >
            {sort?.direction === 'desc' ? (
              <IconSortDescending size={16} />
            ) : (
              <IconSortAscending size={16} />
            )}
          </ActionIcon>
        </Group>
      )}
      <Stack gap="sm" component="ul" aria-label={label} className={classes.cardList}>
        {rows.map((row) => (
          <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm">
            <Stack gap={8}>
              {primary && (
                <Box fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {primary.cell(row)}
                </Box>
              )}
              {details.map((column) => (
                <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" c="dimmed" w={86} style={{ flexShrink: 0 }} pt={2}>
                    {column.header}
                  </Text>
                  <Box fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Box>
                </Group>
              ))}
              <RowActions {...props} row={row} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
