import { Avatar, Box, Group, Menu, Text } from '@mantine/core';
import { IconLayoutDashboard, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RoleBadge } from '../../components/role-badge';
import type { AuthUser } from '../../lib/auth/auth-store';
import { useLogout } from '../../lib/auth/use-logout';
import { displayName, userInitial } from '../../lib/auth/user-display';
import { paths } from '../../lib/paths';
import { UserMenuButton } from './user-menu-button';

/** The user dropdown. Loaded with React.lazy: a visitor's first load never needs it. */
export function UserMenu({ user, defaultOpened }: { user: AuthUser; defaultOpened?: boolean }) {
  const logout = useLogout();
  const name = displayName(user);
  const initial = userInitial(user);

  return (
    <Menu
      shadow="lg"
      width={264}
      position="bottom-end"
      radius="md"
      withinPortal
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <UserMenuButton user={user} />
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
