import { Group, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a filter card on /examples: an icon in a tinted square, then the title. */
export function CardTitle({
  icon,
  id,
  children,
}: {
  icon: ReactNode;
  id: string;
  children: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="light" radius="md" size={30}>
        {icon}
      </ThemeIcon>
      <Title order={2} fz={{ base: 'md', sm: 'lg' }} style={{ whiteSpace: 'nowrap' }} id={id}>
        {children}
      </Title>
    </Group>
  );
}
