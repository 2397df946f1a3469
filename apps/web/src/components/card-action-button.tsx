import { Button, type ButtonProps } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

interface CardActionButtonProps extends Pick<ButtonProps, 'variant' | 'color'> {
  icon: ComponentType<IconProps>;
  children: ReactNode;
  /** A link to this path; without it, a button that calls `onClick`. */
  to?: string;
  onClick?: () => void;
}

/** One of a card's stacked actions: full width, its icon before the words. */
export function CardActionButton({ icon: Icon, to, ...props }: CardActionButtonProps) {
  const look = { fullWidth: true, leftSection: <Icon size={18} />, ...props };
  return to ? <Button component={Link} to={to} {...look} /> : <Button {...look} />;
}
