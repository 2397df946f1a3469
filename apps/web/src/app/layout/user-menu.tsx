import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutDashboard,
  IconLogout,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { RoleBadge } from '../../components/role-badge';
import type { AuthUser } from '../../lib/auth/auth-store';
import { useLogout } from '../../lib/auth/use-logout';
import { displayName, userInitial } from '../../lib/auth/user-display';
import { paths } from '../../lib/paths';
import classes from './layout.module.css';

export function UserMenu({ user }: { user: AuthUser }) {
  const logout = useLogout();
  const name = displayName(user);
  const initial = userInitial(user);

  return (
    <Menu shadow="lg" width={264} position="bottom-end" radius="md" withinPortal>
      <Menu.Target>
        {/* Named by its content, not aria-label: the visible initial and name must be part of
            the name (WCAG 2.5.3), which reads 'Account menu for {name}'. */}
        <UnstyledButton className={classes.userButton}>
          <Avatar color="brand" variant="filled" radius="xl" size={32} aria-hidden>
            {initial}
          </Avatar>
          <VisuallyHidden>Account menu for {name}</VisuallyHidden>
          <Text size="sm" fw={600} maw={160} truncate visibleFrom="md" aria-hidden>
            {name}
          </Text>
          <IconChevronDown size={14} stroke={1.8} />
        </UnstyledButton>
      </Menu.Target>

      <Menu.Dropdown>
        <Group gap="sm" wrap="nowrap" px="sm" pt="xs" pb="sm">
          <Avatar color="brand" variant="light" radius="xl" size={44}>
            {initial}
          </Avatar>
          <Box miw={0}>
            <Text fw={700} size="sm" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
            <RoleBadge groups={user.groups} mt={6} />
          </Box>
        </Group>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.profile}
          leftSection={<IconUserCircle size={16} stroke={1.6} />}
        >
          My Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.dashboard}
          leftSection={<IconLayoutDashboard size={16} stroke={1.6} />}
        >
          Dashboard
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.6} />}
          onClick={() => void logout()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
