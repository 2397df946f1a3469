import { Button, Group, type ButtonProps, type GroupProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

export interface LinkButton {
  to: string;
  label: string;
  /** Drawn at 18px before the label, or after it with `iconAfter` (an arrow onwards). */
  icon: ComponentType<{ size?: number }>;
  iconAfter?: boolean;
  variant?: ButtonProps['variant'];
}

interface LinkButtonsProps extends GroupProps {
  links: readonly LinkButton[];
  size?: ButtonProps['size'];
}

/** A row of buttons that are links: the next steps a page offers ('Browse examples', …). */
export function LinkButtons({ links, size, ...group }: LinkButtonsProps) {
  return (
    <Group gap="sm" {...group}>
      {links.map(({ to, label, icon: Icon, iconAfter, variant }) => (
        <Button
          key={label}
          component={Link}
          to={to}
          size={size}
          variant={variant}
          {...(iconAfter
            ? { rightSection: <Icon size={18} /> }
            : { leftSection: <Icon size={18} /> })}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
