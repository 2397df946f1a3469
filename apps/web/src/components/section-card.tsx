import { Card, type CardProps, type MantineSpacing } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { SectionHeading } from './section-heading';

interface SectionCardProps extends Pick<CardProps, 'h' | 'className'> {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  icon: ComponentType<IconProps>;
  /** Space under the heading. */
  headingGap?: MantineSpacing | number;
  children: ReactNode;
}

/** A card of the dashboard and the profile: a section named by its heading, an icon before it. */
export function SectionCard({
  titleId,
  title,
  icon,
  headingGap = 'md',
  children,
  ...card
}: SectionCardProps) {
  return (
    <Card padding="lg" component="section" aria-labelledby={titleId} {...card}>
      <SectionHeading id={titleId} icon={icon} mb={headingGap}>
        {title}
      </SectionHeading>
      {children}
    </Card>
  );
}
