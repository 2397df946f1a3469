import { Avatar, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { displayName, userInitial } from '../../lib/auth/user-display';
import classes from './layout.module.css';

interface UserMenuButtonProps extends ComponentPropsWithRef<'button'> {
  user: AuthUser;
}

/**
 * The user dropdown's button: avatar initial, display name and a chevron. Shown on its own while
 * the dropdown's code (./user-menu, with the floating-ui positioning) loads, then as its target.
 */
export function UserMenuButton({ user, className, ...props }: UserMenuButtonProps) {
  const name = displayName(user);
  return (
    // Named by its content, not aria-label: the visible initial and name must be part of the name
    // (WCAG 2.5.3), which reads 'Account menu for {name}'.
    <UnstyledButton
      {...props}
      className={className ? `${classes.userButton} ${className}` : classes.userButton}
    >
      <Avatar color="brand" variant="filled" radius="xl" size={32} aria-hidden>
        {userInitial(user)}
      </Avatar>
      <VisuallyHidden>Account menu for {name}</VisuallyHidden>
      <Text size="sm" fw={600} maw={160} truncate visibleFrom="md" aria-hidden>
        {name}
      </Text>
      <IconChevronDown size={14} stroke={1.8} />
    </UnstyledButton>
  );
}
