import { Button, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface TabToolbarProps {
  /** 'subjects' → 'Search subjects'. */
  plural: string;
  /** 'subject' → 'Add subject'. */
  item: string;
  search: string;
  onSearch: (value: string) => void;
  onAdd: () => void;
  /** '3 subjects' or '2 of 3 subjects'. */
  summary?: ReactNode;
  /** More filters beside the search (e.g. a subject). */
  children?: ReactNode;
}

export function TabToolbar({
  plural,
  item,
  search,
  onSearch,
  onAdd,
  summary,
  children,
}: TabToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end" style={{ flex: '1 1 420px' }}>
        <TextInput
          aria-label={`Search ${plural}`}
          placeholder={`Search ${plural}…`}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearch('')} />
            ) : null
          }
          style={{ flex: '1 1 220px', maxWidth: 380 }}
        />
        {children}
      </Group>
      <Group gap="md" wrap="nowrap">
        {summary && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {summary}
          </Text>
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add {item}
        </Button>
      </Group>
    </Group>
  );
}
