import { Group, Select, Text, type SelectProps } from '@mantine/core';
import { IconCheck, IconCornerDownRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { CategoryOption } from '../lib/category-tree';

interface CategorySelectProps extends Omit<SelectProps, 'data' | 'renderOption'> {
  options: CategoryOption[];
}

/**
 * A category chooser that shows the tree: options in tree order, indented by depth; the input
 * shows the chosen category's whole path ('Linear Equations › Systems of Equations').
 */
export function CategorySelect({ options, ...props }: CategorySelectProps) {
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  return (
    <Select
      searchable
      data={options.map(({ value, label }) => ({ value, label }))}
      nothingFoundMessage="No category matches"
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option, checked }) => {
        const entry = byValue.get(option.value);
        const depth = entry?.depth ?? 0;
        return (
          <Group gap={6} wrap="nowrap" pl={depth * 16} style={{ flex: 1 }}>
            {depth > 0 && (
              <IconCornerDownRight size={14} stroke={1.6} style={{ opacity: 0.5, flexShrink: 0 }} />
            )}
            <Text size="sm" fw={depth === 0 ? 600 : 400} style={{ flex: 1 }}>
              {entry?.name ?? option.label}
            </Text>
            {checked && <IconCheck size={14} style={{ flexShrink: 0 }} />}
          </Group>
        );
      }}
      {...props}
    />
  );
}
