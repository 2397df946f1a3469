import { Group, Title, type MantineSpacing } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';

interface SectionHeadingProps {
  /** The heading's id, which names its section (`aria-labelledby`). */
  id: string;
  icon: ComponentType<IconProps>;
  /** The admin tabs' larger icon (22 px), hidden from assistive technology. */
  large?: boolean;
  /** Space under the heading. */
  mb?: MantineSpacing | number;
  /** The title. */
  children: ReactNode;
  /** What stands after the title on its line (a count). */
  after?: ReactNode;
}

/** The heading of a card's section: an icon, then the title as a level-2 heading of h4 size. */
export function SectionHeading({ icon: Icon, large, ...heading }: SectionHeadingProps) {
  return (
    <Group gap="xs" mb={heading.mb} wrap="nowrap">
      {large ? <Icon size={22} stroke={1.6} aria-hidden /> : <Icon size={20} stroke={1.7} />}
      <Title order={2} size="h4" id={heading.id}>
        {heading.children}
      </Title>
      {heading.after}
    </Group>
  );
}
